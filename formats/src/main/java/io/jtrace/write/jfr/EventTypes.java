package io.jtrace.write.jfr;

/**
 * jtrace's event types in an expanded recording, one typed event per record, category
 * {@code jtrace}, with a label and a description on every event and field. Each starts with the
 * JDK's standard fields (start time, a duration for calls, the thread, the stack trace); the
 * fields after them are listed here in the order {@link EventEncoder} writes them.
 */
final class EventTypes {
    final JdkTypes jdk = new JdkTypes();

    final TypeDeclaration methodCall = event("jtrace.MethodCall", "Method Call", true,
            "A call of a traced method, from its enter to its exit; the stack trace is the traced call stack, the method on top");
    final TypeDeclaration exceptionThrown = event("jtrace.ExceptionThrown", "Exception Thrown", false,
            "An exception starts (or resumes) its journey: thrown, rethrown, raised by the JVM, or surfaced from untraced code");
    final TypeDeclaration exceptionCaught = event("jtrace.ExceptionCaught", "Exception Caught", false,
            "A catch block written in the program caught the exception");
    final TypeDeclaration finallyEntered = event("jtrace.FinallyEntered", "Finally Entered", false,
            "A finally block runs while the exception unwinds, or try-with-resources closes its resource");
    final TypeDeclaration exceptionSuppressed = event("jtrace.ExceptionSuppressed", "Exception Suppressed", false,
            "The exception was added to another one as suppressed (try-with-resources)");
    final TypeDeclaration exceptionUnwound = event("jtrace.ExceptionUnwound", "Exception Unwound", false,
            "The exception left a traced method: the frame ended without returning");
    final TypeDeclaration exceptionUncaught = event("jtrace.ExceptionUncaught", "Exception Uncaught", false,
            "The thread died of the exception");
    final TypeDeclaration variableAccess = event("jtrace.VariableAccess", "Variable Access", false,
            "A local variable, parameter, field, static field or array element was read or written");
    final TypeDeclaration line = event("jtrace.Line", "Line Executed", false,
            "A source line of a traced method started executing");
    final TypeDeclaration recordsLost = event("jtrace.RecordsLost", "Records Lost", false,
            "Records of this thread are missing here (JFR lost batches, the JVM was killed, or the tracer ran out of"
                    + " stack or memory); frames below the stack trace are unknown");
    final TypeDeclaration recording = event("jtrace.Recording", "jtrace Recording", false,
            "The jtrace recording this file was expanded from, and its clock origin");
    /*
     * The JDK's own exception events, in the JDK's layout (JDK 25's: an instant), so that JDK
     * Mission Control's Exceptions page shows the trace's exceptions. Derived from the trace: one
     * per exception that starts a journey (not per rethrow), where the trace saw it thrown, not
     * where it was constructed (which is where the JDK's would be).
     */
    final TypeDeclaration javaExceptionThrow = jdkThrowEvent("jdk.JavaExceptionThrow", "Java Exception",
            "An exception (not an Error) thrown, derived from jtrace's trace: where traced code threw it, the JVM raised it,"
                    + " or it came out of untraced code; once per exception, not per rethrow");
    final TypeDeclaration javaErrorThrow = jdkThrowEvent("jdk.JavaErrorThrow", "Java Error",
            "An Error thrown, derived from jtrace's trace: where traced code threw it, the JVM raised it, or it came out of"
                    + " untraced code; once per error, not per rethrow");

    EventTypes() {
        methodCall.field("method", jdk.method).label("Method").description("The traced method called");
        methodCall.field("outcome", jdk.string).label("Outcome")
                .description("How the call ended: return, exception (it threw), or unfinished (still running when the recording ended)");
        exceptionFields(methodCall, "The exception the call ended by (outcome exception)");
        methodCall.field("depth", jdk.intType).label("Depth").description("Traced frames open around the call (0 = outermost)");
        methodCall.field("timed", jdk.booleanType).label("Timed")
                .description("Whether the call's time was measured: the tracer leaves the clock out of calls its method measured"
                        + " shorter than the clock's own cost ('jtrace run --timing full' times every call); an untimed call has"
                        + " duration 0 at the time of its exit and its time in its caller's self time");
        methodCall.field("selfTime", jdk.longType).label("Self Time").timespan("TICKS")
                .description("Measured time in the method itself: its duration less its traced callees' (0 for an untimed call)");
        methodCall.field("estimatedDuration", jdk.longType).label("Estimated Duration").timespan("TICKS")
                .description("An untimed call: the time 'jtrace summary' estimates for it (its method's timed calls just before),"
                        + " never measured; 0 for a timed call");

        exceptionFields(exceptionThrown, "The exception thrown");
        exceptionThrown.field("message", jdk.string).label("Message").description("The exception's message (cut to 200 chars)");
        exceptionThrown.field("how", jdk.string).label("How")
                .description("thrown, rethrown, raised-by-jvm, in-untraced-code or unrecorded-throw");
        exceptionThrown.field("causeId", jdk.longType).label("Cause Identity")
                .description("Identity hash of the exception's cause (0: none)");
        site(exceptionThrown, "Where it was thrown or raised");
        exceptionThrown.field("surfacedAt", jdk.string).label("Surfaced At")
                .description("Thrown in untraced code: the traced method and line where it came out");

        exceptionFields(exceptionCaught, "The exception caught");
        site(exceptionCaught, "The catch block");
        exceptionCaught.field("declaredType", jdk.string).label("Declared Type")
                .description("The type the catch block declares (A | B for a multi-catch)");

        exceptionFields(finallyEntered, "The exception unwinding");
        site(finallyEntered, "The finally block");
        finallyEntered.field("resourceClose", jdk.booleanType).label("Resource Close")
                .description("Try-with-resources closing its resource");

        exceptionFields(exceptionSuppressed, "The suppressed exception");
        exceptionSuppressed.field("primary", jdk.string).label("Primary").description("Type of the exception it travels in");
        exceptionSuppressed.field("primaryId", jdk.longType).label("Primary Identity")
                .description("Identity hash of the exception it travels in");
        site(exceptionSuppressed, "Where it was suppressed");

        exceptionFields(exceptionUnwound, "The exception unwinding");
        exceptionUnwound.field("method", jdk.method).label("Method").description("The traced method the exception left");

        exceptionFields(exceptionUncaught, "The exception the thread died of");
        exceptionUncaught.field("handler", jdk.string).label("Handler")
                .description("Class of the uncaught exception handler the JDK gave it to (java.lang.ThreadGroup: none set, the JDK prints it)");

        variableFields();

        line.field("method", jdk.method).label("Method").description("The traced method");
        line.field("line", jdk.intType).label("Line").description("The source line");

        recordsLost.field("batches", jdk.longType).label("Batches")
                .description("Batches of records missing (0: records the tracer could not write)");

        recording.field("source", jdk.string).label("Source").description("The jtrace recording expanded");
        recording.field("clockOrigin", jdk.longType).label("Clock Origin")
                .description("When tracing started, in nanoseconds since 1970-01-01 UTC; traced times count from it");
    }

    private void variableFields() {
        TypeDeclaration v = variableAccess;
        v.field("method", jdk.method).label("Method").description("The traced method where the access happened");
        v.field("access", jdk.string).label("Access").description("read or write");
        v.field("variableKind", jdk.string).label("Variable Kind").description("local, param, field, static or array");
        v.field("variable", jdk.string).label("Variable").description("The variable's name (array elements: the array's)");
        v.field("declaredType", jdk.string).label("Declared Type").description("The variable's declared type");
        v.field("line", jdk.intType).label("Line").description("The source line of the access (0: unknown)");
        v.field("ownerClass", jdk.string).label("Owner Class").description("Fields: the class declaring the field");
        v.field("ownerId", jdk.longType).label("Owner Identity").description("Instance fields: identity hash of the object");
        v.field("arrayId", jdk.longType).label("Array Identity").description("Array elements: identity hash of the array");
        v.field("index", jdk.intType).label("Index").description("Array elements: the index (-1 otherwise)");
        v.field("value", jdk.string).label("Value").description("The value as jtrace print shows it");
        v.field("valueKind", jdk.string).label("Value Kind")
                .description("int, float, double, null, string, object, text or redacted");
        v.field("valueType", jdk.string).label("Value Type").description("Objects: the runtime type");
        v.field("valueId", jdk.longType).label("Value Identity").description("Objects: identity hash");
        v.field("valueLength", jdk.longType).label("Value Length").description("Strings: the full length");
    }

    private void exceptionFields(TypeDeclaration event, String what) {
        event.field("exception", jdk.string).label("Exception").description(what + ": its class name");
        event.field("exceptionId", jdk.longType).label("Exception Identity")
                .description("Identity hash of the exception object: the same along its whole journey (0: unknown)");
    }

    private void site(TypeDeclaration event, String what) {
        event.field("site", jdk.string).label("Site").description(what + ": class.method(Parameters):line");
    }

    /** A JDK exception event: instant, with the message and the thrown class. */
    private TypeDeclaration jdkThrowEvent(String name, String label, String description) {
        TypeDeclaration e = jdk.event(name, false, "The traced call stack where it was thrown");
        e.label(label).description(description).annotate(jdk.category, "value-0", "Java Application");
        e.field("message", jdk.string).label("Message").description("The exception's message (cut to 200 chars)");
        e.field("thrownClass", jdk.classType).label("Class").description("The class of the exception");
        return e;
    }

    /** An event type with the JDK's leading fields: start time, duration (calls only), thread, stack trace. */
    private TypeDeclaration event(String name, String label, boolean duration, String description) {
        TypeDeclaration e = jdk.event(name, duration, "The traced call stack at the event, innermost frame first");
        return e.label(label).description(description).annotate(jdk.category, "value-0", "jtrace");
    }
}
