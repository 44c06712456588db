package sampler;

public enum Color {
    RED, GREEN, BLUE;

    public String describe() {
        return name().toLowerCase() + " is color #" + ordinal();
    }
}
