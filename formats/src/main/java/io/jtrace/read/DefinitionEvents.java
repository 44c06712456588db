package io.jtrace.read;

import io.jtrace.read.jfr.EventValues;
import io.jtrace.events.MethodDefinitionEvent;
import io.jtrace.events.SessionEvent;
import io.jtrace.events.TracerStatisticsEvent;
import io.jtrace.events.TypeDefinitionEvent;
import io.jtrace.events.VariableDefinitionEvent;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.VariableInfo;
import io.jtrace.model.VariableKind;

import java.util.Set;

/**
 * The events of a recording besides the batches that jtrace uses: definitions of methods, types
 * and variable access sites, the session, the tracer's statistics and JFR's data-loss events,
 * read by {@link io.jtrace.read.jfr.BatchScanner} in file order into the index.
 */
public final class DefinitionEvents {
    private DefinitionEvents() {}

    public static final String DATA_LOSS = "jdk.DataLoss";
    /** The JDK's description of the traced JVM, written at the start of each chunk (the agent enables it). */
    static final String JVM_INFORMATION = "jdk.JVMInformation";

    static final Set<String> NAMES = Set.of(MethodDefinitionEvent.NAME, TypeDefinitionEvent.NAME,
            VariableDefinitionEvent.NAME, SessionEvent.NAME, TracerStatisticsEvent.NAME, DATA_LOSS, JVM_INFORMATION);

    /**
     * Whether {@code e} defines a method already defined (the agent defines every method again in
     * each chunk, and the first definition is kept): told from its first field, the rest left
     * unread. Apart from {@link #apply} so that this, run for every definition, stays small.
     */
    static boolean known(EventValues e, TraceIndex index) {
        return e.typeName().equals(MethodDefinitionEvent.NAME) && index.symbols.hasMethod(e.getInt("methodId"));
    }

    static void apply(EventValues e, TraceIndex index) {
        switch (e.typeName()) {
            case MethodDefinitionEvent.NAME: {
                index.sawJtraceEvents = true;
                // A definition without its names (the agent always writes them: a damaged file, or
                // likely a string JFR lost while dropping buffers) is left out: the method stays
                // undefined, shown by its id, unless another chunk's copy defines it. Not damage:
                // what follows it is still read.
                String className = e.getString("className"), name = e.getString("methodName");
                if (className == null || name == null) break;
                index.symbols.addMethod(new MethodInfo(e.getInt("methodId"), className, name,
                        e.getString("descriptor"), e.getString("sourceFile"), e.getInt("line"), e.getInt("modifiers")));
                break;
            }
            case TypeDefinitionEvent.NAME: {
                String name = e.getString("typeName");
                if (name != null) index.symbols.addType(e.getInt("typeId"), name, e.getString("superTypes"));
                break;
            }
            case VariableDefinitionEvent.NAME: {
                String name = e.getString("name");
                if (name == null) break;
                index.symbols.addVariable(new VariableInfo(e.getInt("siteId"), e.getInt("methodId"),
                        VariableKind.parse(e.getString("kind")), name, e.getString("type"),
                        e.getInt("slot"), java.util.Objects.toString(e.getString("ownerClass"), ""), e.getInt("line"),
                        e.getBoolean("write"), e.getBoolean("redacted")));
                break;
            }
            case SessionEvent.NAME:
                index.sawJtraceEvents = true;
                if (index.nanoOrigin != Long.MIN_VALUE) break;
                index.nanoOrigin = e.getLong("nanoOrigin");
                index.epochNanosOrigin = e.getLong("epochNanosOrigin");
                index.agentOptions = e.getString("options");
                index.agentVersion = e.getString("version");
                index.pid = e.getLong("pid");
                index.host = e.has("host") ? e.getString("host") : null;
                index.formatVersion = e.getInt("formatVersion");
                break;
            case TracerStatisticsEvent.NAME:
                index.internalErrors = Math.max(index.internalErrors, e.getLong("internalErrors"));
                index.classesFailed = Math.max(index.classesFailed, e.getLong("classesFailed"));
                // a filtered recording carries its source's jdk.DataLoss here (every chunk repeats the totals)
                index.carriedDataLossEvents = Math.max(index.carriedDataLossEvents, e.getLong("dataLossEvents"));
                index.carriedDataLossBytes = Math.max(index.carriedDataLossBytes, e.getLong("dataLossBytes"));
                if (e.getLong("records") >= index.statisticsRecords) { // the agent's counters, as RecordingStats takes them
                    index.statisticsRecords = e.getLong("records");
                    index.statisticsCalls = e.has("calls") ? e.getLong("calls") : -1;
                    index.statisticsUntimed = e.has("untimedCalls") ? e.getLong("untimedCalls") : -1;
                }
                break;
            case JVM_INFORMATION:
                if (index.jvmVersion != null) break;
                index.jvmName = e.getString("jvmName");
                index.jvmVersion = e.getString("jvmVersion");
                index.javaArguments = e.getString("javaArguments");
                break;
            case DATA_LOSS:
                index.dataLossEvents++;
                index.dataLossBytes += e.getLong("amount");
                break;
            default:
                break;
        }
    }
}
