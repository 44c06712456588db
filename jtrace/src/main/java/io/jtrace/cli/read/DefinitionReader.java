package io.jtrace.cli.read;

import io.jtrace.events.MethodDefinitionEvent;
import io.jtrace.events.SessionEvent;
import io.jtrace.events.TracerStatisticsEvent;
import io.jtrace.events.TypeDefinitionEvent;
import io.jtrace.events.VariableDefinitionEvent;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.VariableInfo;
import io.jtrace.model.VariableKind;
import jdk.jfr.consumer.EventStream;
import jdk.jfr.consumer.RecordedEvent;

import java.nio.file.Path;

/**
 * Reads every event of a recording except the trace batches, with the JDK's consumer API:
 * definitions, the session, the tracer's statistics, execution samples and data loss. The
 * stream is given handlers for these names only, so it steps over the (large) batch events
 * without decoding them. Runs beside the batch scan, on its own thread.
 */
final class DefinitionReader implements Runnable {
    private final Path file;
    private final TraceIndex index;
    /** Set if the JDK's reader stopped early (a damaged file). */
    volatile Exception failure;
    volatile boolean sawJtraceEvents;

    DefinitionReader(Path file, TraceIndex index) {
        this.file = file;
        this.index = index;
    }

    @Override
    public void run() {
        try (EventStream stream = EventStream.openFile(file)) {
            stream.setOrdered(false);
            stream.onEvent(MethodDefinitionEvent.NAME, this::method);
            stream.onEvent(TypeDefinitionEvent.NAME, e -> index.symbols.addType(e.getInt("typeId"), e.getString("typeName"),
                    e.getString("superTypes")));
            stream.onEvent(VariableDefinitionEvent.NAME, this::variable);
            stream.onEvent(SessionEvent.NAME, this::session);
            stream.onEvent(TracerStatisticsEvent.NAME, e -> {
                index.internalErrors = Math.max(index.internalErrors, e.getLong("internalErrors"));
                index.classesFailed = Math.max(index.classesFailed, e.getLong("classesFailed"));
            });
            stream.onEvent("jdk.ExecutionSample", e -> Samples.add(index.samples, e));
            stream.onEvent("jdk.DataLoss", e -> {
                index.dataLossEvents++;
                index.dataLossBytes += e.getLong("amount");
            });
            stream.start();
        } catch (Exception e) {
            failure = e;
        }
    }

    private void method(RecordedEvent e) {
        sawJtraceEvents = true;
        index.symbols.addMethod(new MethodInfo(e.getInt("methodId"), e.getString("className"),
                e.getString("methodName"), e.getString("descriptor"), e.getString("sourceFile"),
                e.getInt("line"), e.getInt("modifiers")));
    }

    private void variable(RecordedEvent e) {
        index.symbols.addVariable(new VariableInfo(e.getInt("siteId"), e.getInt("methodId"),
                VariableKind.parse(e.getString("kind")), e.getString("name"), e.getString("type"),
                e.getInt("slot"), java.util.Objects.toString(e.getString("ownerClass"), ""), e.getInt("line"),
                e.getBoolean("write"), e.getBoolean("redacted")));
    }

    private void session(RecordedEvent e) {
        sawJtraceEvents = true;
        if (index.nanoOrigin != Long.MIN_VALUE) return;
        index.nanoOrigin = e.getLong("nanoOrigin");
        index.epochNanosOrigin = e.getLong("epochNanosOrigin");
        index.agentOptions = e.getString("options");
        index.agentVersion = e.getString("version");
        index.pid = e.getLong("pid");
        index.formatVersion = e.getInt("formatVersion");
    }
}
