package io.jtrace.cli.explore;

import io.jtrace.history.ThreadHistory;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.VariableInfo;
import org.jline.reader.Candidate;
import org.jline.reader.Completer;
import org.jline.reader.LineReader;
import org.jline.reader.ParsedLine;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Tab completion from the recording: command names; thread names and ids; method names, simple
 * ({@code Bank.transfer}) and qualified; the exception types thrown; the variables of the cursor's frame
 * (others after them); bookmarks; the filters' kinds; the reports' own options.
 */
final class ExploreCompleter implements Completer {
    private final ExploreSession session;
    private List<String> methods;
    /** The recording {@link #methods} were listed from: 'other' (--against) shows the other one. */
    private Object methodsOf;

    ExploreCompleter(ExploreSession session) {
        this.session = session;
    }

    @Override
    public void complete(LineReader reader, ParsedLine line, List<Candidate> candidates) {
        List<String> words = new ArrayList<>();
        for (int i = 0; i < line.wordIndex(); i++) {
            String w = line.words().get(i);
            if (w.equals(";") || w.equals("|") || w.endsWith(";")) words.clear();
            else words.add(w);
        }
        // in the order given (JLine would sort them): the cursor frame's variables first, methods sorted
        List<String> found = candidates(words);
        for (int i = 0; i < found.size(); i++) candidates.add(new Candidate(found.get(i), found.get(i), null, null, null, null, true, i));
    }

    /** What the next word may be after {@code words} (the command so far). */
    List<String> candidates(List<String> words) {
        if (words.isEmpty()) return session.commands.names();
        ShellCommand command = session.commands.find(words.get(0)).orElse(null);
        if (command == null) return List.of();
        int position = words.size(); // index of the word being completed
        String previous = words.get(words.size() - 1);
        return switch (command.completion()) {
            case NONE -> List.of();
            case THREADS -> position == 1 ? threads() : List.of();
            case COMMANDS -> position == 1 ? session.commands.all().stream().map(ShellCommand::name).toList() : List.of();
            case MARKS_AND_NUMBERS -> position == 1 ? session.marks.all().keySet().stream().map(m -> "@" + m).toList() : List.of();
            case VARIABLES -> position == 1 ? variables() : List.of();
            case FIND -> position == 1 ? List.of("call", "throw", "write", "read") : position == 2 ? switch (words.get(1)) {
                case "call" -> methods();
                case "throw" -> thrownTypes();
                case "write", "read" -> variables();
                default -> List.of();
            } : words.get(1).equals("call") && position == 3 ? List.of("--min") : List.of();
            case FILTER -> position == 1 ? List.of("thread", "include", "exclude", "min", "time", "clear") : switch (words.get(1)) {
                case "thread" -> threads();
                case "include", "exclude" -> methods();
                default -> List.of();
            };
            case REPORT_OPTIONS -> reportOptions(words.get(0), previous);
            case METHODS -> methods();
            case DIVERGE -> position == 1 ? List.of("next", "prev", "first", "list") : List.of();
        };
    }

    private List<String> reportOptions(String report, String previous) {
        picocli.CommandLine.Model.OptionSpec option = ReportCommands.spec(report).findOption(previous);
        if (option == null) return optionNames(report); // not one of this report's options: its options
        switch (previous) {
            case "--thread": return threads();
            case "--include": case "--exclude": case "--method": case "--focus": case "--caught-in": return methods();
            case "--type": return thrownTypes();
            case "--var": return variables();
            default: break;
        }
        if (option.arity().min() > 0) { // its value: the choices it has (--sort, --color), else nothing to offer
            List<String> choices = new ArrayList<>();
            if (option.completionCandidates() != null) option.completionCandidates().forEach(choices::add);
            return choices;
        }
        return optionNames(report);
    }

    private static List<String> optionNames(String report) {
        List<String> options = new ArrayList<>();
        ReportCommands.spec(report).options().forEach(o -> options.addAll(List.of(o.names())));
        return options;
    }

    private List<String> threads() {
        Set<String> names = new LinkedHashSet<>();
        for (ThreadInfo t : session.index.threads()) names.add(t.label());
        for (ThreadInfo t : session.index.threads()) names.add(Long.toString(t.id()));
        return new ArrayList<>(names);
    }

    /** Qualified and simple names of every traced method of the recording shown (listed once each: thousands in a real application). */
    private List<String> methods() {
        if (methods == null || methodsOf != session.index) {
            methodsOf = session.index;
            Set<String> names = new LinkedHashSet<>();
            for (MethodInfo m : session.index.symbols().methods()) {
                names.add(m.simpleClassName() + "." + m.name());
                names.add(m.qualifiedName());
            }
            methods = new ArrayList<>(names);
            methods.sort(null);
        }
        return methods;
    }

    /**
     * The exception types thrown in the recording, by simple name (the part after '$' for a nested
     * class, as 'find throw' matches it) and by full name: the symbol table knows every type a value
     * had, not which are exceptions, so these come from the throws the threads' histories met while
     * they were built (in the background: all of them soon after the shell opens; no reading here).
     */
    private List<String> thrownTypes() {
        Set<String> full = new java.util.TreeSet<>();
        for (ThreadInfo t : session.index.threads()) {
            ThreadHistory h = session.histories.ifStarted(t); // a Tab starts no reading: what the building met so far
            if (h != null) full.addAll(h.thrownTypes());
        }
        Set<String> simple = new java.util.TreeSet<>();
        for (String type : full) {
            String name = type.substring(type.lastIndexOf('.') + 1);
            simple.add(name.substring(name.lastIndexOf('$') + 1));
        }
        List<String> names = new ArrayList<>(simple);
        names.addAll(full);
        return names;
    }

    /** The cursor frame's variables first, then every other variable's name. */
    private List<String> variables() {
        Set<String> names = new LinkedHashSet<>();
        ThreadHistory.Frame frame = session.cursor().frame();
        List<VariableInfo> all = new ArrayList<>();
        session.index.symbols().variables().forEach(all::add);
        if (frame != null) {
            for (VariableInfo v : all) if (v.methodId() == frame.method().id()) names.add(v.name());
        }
        for (VariableInfo v : all) names.add(v.name());
        names.removeIf(String::isEmpty);
        return new ArrayList<>(names);
    }
}
