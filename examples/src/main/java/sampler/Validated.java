package sampler;

/** A constructor that can throw before super() returns (in check) and after it. */
public class Validated extends Base {
    public Validated(int value) {
        super(check(value));
        if (value > 100) throw new IllegalArgumentException("too big: " + value);
    }

    static int check(int value) {
        if (value < 0) throw new IllegalArgumentException("negative: " + value);
        return value;
    }
}

class Base {
    private final int value;

    Base(int value) {
        this.value = value;
    }

    int value() {
        return value;
    }
}
