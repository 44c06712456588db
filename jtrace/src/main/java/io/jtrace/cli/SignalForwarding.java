package io.jtrace.cli;

import sun.misc.Signal;

/**
 * While the target runs, jtrace stays alive until it exits (so its exit code and recording are
 * reported) and passes termination signals on. Ctrl-C in a terminal already reaches the whole
 * foreground process group, so INT is only forwarded when there is no terminal.
 */
final class SignalForwarding {
    private SignalForwarding() {}

    static void install(Process target) {
        handle("TERM", target, true);
        handle("HUP", target, true);
        handle("INT", target, System.console() == null);
    }

    private static void handle(String name, Process target, boolean forward) {
        try {
            Signal.handle(new Signal(name), s -> {
                if (!forward || !target.isAlive()) return;
                try {
                    new ProcessBuilder("kill", "-" + name, Long.toString(target.pid())).inheritIO().start();
                } catch (Exception e) {
                    target.destroy();
                }
            });
        } catch (IllegalArgumentException unavailable) {
            // this OS has no such signal
        }
    }
}
