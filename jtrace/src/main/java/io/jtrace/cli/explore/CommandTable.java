package io.jtrace.cli.explore;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Every command of the explore shell, in the order {@code help} lists them; each area adds its own. */
final class CommandTable {
    private final List<ShellCommand> commands = new ArrayList<>();

    CommandTable() {
        MoveCommands.addTo(this);
        InspectCommands.addTo(this);
        SearchCommands.addTo(this);
        ReportCommands.addTo(this);
        DivergeCommands.addTo(this);
        SessionCommands.addTo(this);
    }

    void add(ShellCommand c) {
        commands.add(c);
    }

    List<ShellCommand> all() {
        return commands;
    }

    Optional<ShellCommand> find(String word) {
        return commands.stream().filter(c -> c.named(word)).findFirst();
    }

    /** The command named {@code word}, or an error naming the closest ones. */
    ShellCommand get(String word) {
        return find(word).orElseThrow(() -> {
            List<String> close = commands.stream().map(ShellCommand::name)
                    .filter(n -> n.startsWith(word) || io.jtrace.cli.Main.close(word, n)).toList();
            return new ShellError("unknown command '" + word + "'"
                    + (close.isEmpty() ? " (type 'help' for the list)" : " (did you mean " + String.join(" or ", close) + "?)"));
        });
    }

    /** Every name and alias, for completion. */
    List<String> names() {
        List<String> names = new ArrayList<>();
        for (ShellCommand c : commands) {
            names.add(c.name());
            names.addAll(c.aliases());
        }
        return names;
    }
}
