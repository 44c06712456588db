package vars;

/**
 * Fields of one name on two objects, written alternately, for {@code jtrace explore}'s
 * {@code origin}: each write's value says which cell it went to ({@code 1000 * cell + step}), and
 * the program prints each cell's identity, so a test knows, for every read, which write gave the
 * value. One cell is also written by another thread between two of main's reads; and a recursive
 * method has a local of the same name in every frame; another recurses ten frames deep.
 */
public class TwoOwners {
    static final class Cell {
        final int number;
        int value;

        Cell(int number) {
            this.number = number;
        }

        void set(int v) {
            value = v;
        }

        int get() {
            return value;
        }
    }

    /** Each call's own {@code level}, read after the deeper call wrote its own. */
    static int nest(int depth) {
        int level = depth * 10;
        if (depth > 0) nest(depth - 1);
        return level;
    }

    /** Ten frames deep, for a stack longer than a search shows. */
    static int deep(int n) {
        return n == 0 ? 0 : 1 + deep(n - 1);
    }

    public static void main(String[] args) throws InterruptedException {
        Cell one = new Cell(1);
        Cell two = new Cell(2);
        System.out.println("cell 1 @" + Integer.toHexString(System.identityHashCode(one)));
        System.out.println("cell 2 @" + Integer.toHexString(System.identityHashCode(two)));
        long sum = 0;
        for (int step = 1; step <= 6; step++) {
            one.set(1000 + step);
            two.set(2000 + step);
            sum += one.get() + two.get();
        }
        Thread writer = new Thread(() -> one.set(1999), "writer");
        writer.start();
        writer.join();
        two.set(2999);
        sum += one.get() + two.get();
        System.out.println("sum = " + sum + ", nest = " + nest(3));
        System.out.println("deep = " + deep(9));
    }
}
