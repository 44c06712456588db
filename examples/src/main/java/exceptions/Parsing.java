package exceptions;

/** A NumberFormatException thrown inside the JDK (Integer.parseInt), caught in traced code. */
final class Parsing {
    private Parsing() {}

    static int parseOrDefault(String text, int fallback) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException | NullPointerException e) {
            return fallback;
        }
    }
}
