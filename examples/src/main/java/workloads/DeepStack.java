package workloads;

/**
 * A stack as deep as a real application's (a parser's 50-60 frames; default 60, or args[0]):
 * descends, makes one call at the bottom, and returns all the way up. For the text outputs'
 * indentation limit.
 */
public final class DeepStack {
    public static void main(String[] args) {
        int depth = args.length > 0 ? Integer.parseInt(args[0]) : 60;
        System.out.println("bottom = " + descend(depth));
    }

    static int descend(int levels) {
        return levels == 0 ? bottom() : 1 + descend(levels - 1);
    }

    static int bottom() {
        return 7;
    }
}
