package sampler;

import java.util.function.Supplier;

public class Plugin implements Supplier<String> {
    @Override
    public String get() {
        return "plugin says " + twice("hi");
    }

    private String twice(String s) {
        return s + s;
    }
}
