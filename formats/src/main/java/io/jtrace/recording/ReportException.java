package io.jtrace.recording;

/**
 * A report asked for something the recording cannot give: a pattern that matches none of its
 * methods, a name that none of the calls has, values it did not record. The message is one line
 * for the user, naming the value (a front end shows it as it is: the CLI exits 2, the shell goes on).
 */
public final class ReportException extends RuntimeException {
    public ReportException(String message) {
        super(message);
    }
}
