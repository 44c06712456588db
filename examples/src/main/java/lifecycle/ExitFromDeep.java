package lifecycle;

/** Calls System.exit from three traced frames deep: those frames never return. */
public final class ExitFromDeep {
    public static void main(String[] args) {
        int code = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        System.out.println("exiting with " + code);
        descend(3, code);
        System.out.println("not reached");
    }

    static void descend(int levels, int code) {
        if (levels == 0) System.exit(code);
        descend(levels - 1, code);
    }
}
