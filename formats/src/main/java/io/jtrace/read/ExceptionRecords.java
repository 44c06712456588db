package io.jtrace.read;

import io.jtrace.model.CodeSite;
import io.jtrace.model.ExceptionCaught;
import io.jtrace.model.ExceptionEvent;
import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExceptionSuppressed;
import io.jtrace.model.ExceptionThrown;
import io.jtrace.model.ExceptionUncaught;
import io.jtrace.model.FinallyEntered;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.ThrowKind;
import io.jtrace.runtime.RecordFormat;

/** Turns one exception record (THROW, CATCH, FINALLY, UNCAUGHT, ORIGIN, SUPPRESSED) into its model event. */
final class ExceptionRecords {
    private ExceptionRecords() {}

    /** {@code depth}: traced frames open around the record. */
    static ExceptionEvent event(RawRecord r, ThreadInfo thread, long nanos, int depth, SymbolTable symbols) {
        ExceptionRef exception = new ExceptionRef(symbols.type(r.typeId), r.identity);
        switch (r.kind) {
            case RecordFormat.THROW: {
                ThrowKind kind = (r.flags & RecordFormat.THROW_RETHROW) != 0 ? ThrowKind.RETHROWN : ThrowKind.THROWN;
                return new ExceptionThrown(thread, nanos, depth, exception, r.message, r.cause, kind,
                        site(symbols, r.aux, r.line), null);
            }
            case RecordFormat.ORIGIN:
                return origin(r, thread, nanos, depth, symbols, exception);
            case RecordFormat.CATCH:
                return new ExceptionCaught(thread, nanos, depth, exception, site(symbols, r.aux, r.line),
                        symbols.type(r.declaredTypeId));
            case RecordFormat.FINALLY:
                return new FinallyEntered(thread, nanos, depth, exception, site(symbols, r.aux, r.line),
                        r.flags == RecordFormat.FINALLY_RESOURCE_CLOSE);
            case RecordFormat.SUPPRESSED:
                return new ExceptionSuppressed(thread, nanos, depth, exception,
                        new ExceptionRef(symbols.type(r.primaryTypeId), r.primary), site(symbols, r.aux, r.line));
            case RecordFormat.UNCAUGHT:
                return new ExceptionUncaught(thread, nanos, depth, exception, symbols.type((int) r.aux));
            default:
                throw new RawRecord.UnsupportedRecordException(r.kind);
        }
    }

    /**
     * Where an exception without a throw record came from. Its stack trace's top frame is the
     * traced method itself (or another traced method): the JVM raised it there. Otherwise it
     * came from untraced code, and the traced method is where it surfaced.
     */
    private static ExceptionThrown origin(RawRecord r, ThreadInfo thread, long nanos, int depth, SymbolTable symbols,
                                          ExceptionRef exception) {
        CodeSite surfaced = r.aux == 0 ? null : site(symbols, r.aux, r.line);
        CodeSite site = r.siteClass == null ? null
                : new CodeSite(r.siteClass, r.siteMethod, null, r.siteFile, Math.max(0, r.siteLine));
        ThrowKind kind;
        if ((r.flags & RecordFormat.ORIGIN_UNRECORDED_THROW) != 0) {
            kind = ThrowKind.UNRECORDED_THROW;
        } else if ((r.flags & RecordFormat.ORIGIN_AT_SURFACE) != 0
                || (site != null && symbols.isTraced(site.className(), site.methodName()))) {
            kind = ThrowKind.RAISED_BY_JVM;
        } else {
            kind = ThrowKind.IN_UNTRACED_CODE;
        }
        if (kind == ThrowKind.RAISED_BY_JVM && (r.flags & RecordFormat.ORIGIN_AT_SURFACE) != 0 && surfaced != null) {
            site = surfaced; // the traced method itself, with its parameters
            surfaced = null;
        }
        if (site == null) site = surfaced; // no stack trace: where it surfaced is all we know
        return new ExceptionThrown(thread, nanos, depth, exception, r.message, r.cause, kind, site,
                kind == ThrowKind.IN_UNTRACED_CODE ? surfaced : null);
    }

    private static CodeSite site(SymbolTable symbols, long methodId, int line) {
        MethodInfo m = symbols.method((int) methodId);
        return CodeSite.of(m, line);
    }
}
