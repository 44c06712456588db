package io.jtrace.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import java.io.IOException;

/** {@code jtrace summary FILE}: time and calls per method and per thread. */
@Command(name = "summary", mixinStandardHelpOptions = true,
        description = {"Summarize a recording: time and calls per method and per thread.",
            "Per method calls, total, self, average and maximum time and exceptional exits; per thread events, calls and busiest methods; the span, event counts, lost data, and execution samples if recorded with 'jtrace run --sample'."})
final class SummaryCommand extends RecordingCommand {
    @Mixin
    SummaryOptions report;

    @Override
    public Integer call() throws IOException {
        return runReport(report);
    }
}
