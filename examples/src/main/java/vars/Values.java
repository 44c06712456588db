package vars;

/**
 * References of every kind, for {@code --values}: a record (its own toString), a toString that
 * throws, one that recurses forever, an enum, a boxed int, a long string and null. The program
 * itself never calls these toString methods: only {@code --values=tostring} does.
 */
public class Values {
    record Point(int x, int y) {}

    enum Color { RED, GREEN }

    static final class Angry {
        @Override
        public String toString() {
            throw new IllegalStateException("no text for you");
        }
    }

    static final class Cycle {
        Cycle next = this;

        @Override
        public String toString() {
            return "Cycle->" + next; // recurses until the stack overflows
        }
    }

    public static void main(String[] args) {
        Point point = new Point(1, 2);
        Angry angry = new Angry();
        Cycle cycle = new Cycle();
        Color color = Color.GREEN;
        Integer boxed = 42;
        String text = "x".repeat(300);
        Object nothing = null;
        System.out.println("point.x = " + point.x() + ", angry " + (angry != null) + ", cycle " + (cycle.next == cycle)
                + ", color " + color.ordinal() + ", boxed " + (boxed + 1) + ", text " + text.length() + ", nothing " + (nothing == null));
    }
}
