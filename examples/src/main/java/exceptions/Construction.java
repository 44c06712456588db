package exceptions;

/** A constructor that throws, and a static initializer that throws (ExceptionInInitializerError). */
final class Construction {
    final int size;

    Construction(int size) {
        if (size < 0) throw new IllegalArgumentException("negative size " + size);
        this.size = size;
    }

    static final class BrokenStatic {
        static final int VALUE = compute();

        private static int compute() {
            throw new IllegalStateException("static initializer failed");
        }
    }
}
