package sampler;

/** compareTo(Box) gets a synthetic bridge compareTo(Object). */
public class Box implements Comparable<Box> {
    private final int size;

    public Box(int size) {
        this.size = size;
    }

    @Override
    public int compareTo(Box other) {
        return Integer.compare(size, other.size);
    }

    @Override
    public String toString() {
        return "Box" + size;
    }
}
