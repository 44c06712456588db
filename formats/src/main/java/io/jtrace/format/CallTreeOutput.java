package io.jtrace.format;

import io.jtrace.analysis.CallTree;
import io.jtrace.analysis.CallTreeBuilder;

import java.io.IOException;

/**
 * A writer whose output is made from a call tree alone (folded stacks, the flame graph): the
 * caller may build that tree however is fastest (on two cores: {@code Replay.Request.callTree})
 * and hand it to {@link #end(CallTree)} instead of replaying events into the writer.
 */
public interface CallTreeOutput {
    /** How the tree must be built. */
    CallTreeBuilder.Options treeOptions();

    /** Writes the output of {@code tree} (after {@code begin}, in place of the events and {@code end()}). */
    void end(CallTree tree) throws IOException;
}
