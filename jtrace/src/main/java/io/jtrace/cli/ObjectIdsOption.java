package io.jtrace.cli;

import io.jtrace.read.TraceIndex;
import io.jtrace.report.ObjectNumbers;
import io.jtrace.text.ObjectIds;
import picocli.CommandLine.Option;

/** {@code --no-ids} for the reports that show objects by reference (print, vars, calls): one definition for all. */
final class ObjectIdsOption {
    @Option(names = "--no-ids",
            description = "Name objects by numbers (String[]#1, bank.Account#3: in the order they first appear in the recording,"
                    + " the same in every report of it) instead of identity hashes (@1b6d3586, different in every run):"
                    + " with --no-times, output that diffs across runs. Reads the recording once more.")
    boolean noIds;

    /** How the report names objects; the numbers cost a replay of the whole recording. */
    ObjectIds ids(TraceIndex index) {
        return noIds ? ObjectNumbers.of(index) : ObjectIds.HASHES;
    }
}
