package sampler;

public record Point(int x, int y) {
    public Point {
        if (x < 0 || y < 0) throw new IllegalArgumentException("negative coordinate");
    }

    int lengthSquared() {
        return x * x + y * y;
    }
}
