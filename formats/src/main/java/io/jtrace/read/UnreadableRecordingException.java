package io.jtrace.read;

/**
 * A file that cannot be read as a jtrace recording: missing, not a JFR file, empty, unreadable,
 * or written by a newer JDK or jtrace. The message names the file and says what is wrong, in
 * words meant for the user (a front end shows it as it is).
 */
public final class UnreadableRecordingException extends RuntimeException {
    public UnreadableRecordingException(String message) {
        super(message);
    }
}
