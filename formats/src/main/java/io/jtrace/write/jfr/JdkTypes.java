package io.jtrace.write.jfr;

import java.util.ArrayList;
import java.util.List;

/**
 * The types every recording declares the way the JDK does, so that the JDK's tools and JDK
 * Mission Control recognize them by name: primitives, {@code java.lang.String}, the annotations
 * ({@code jdk.jfr.Label}, {@code Description}, {@code Category}, {@code Timestamp},
 * {@code Timespan}) and the constant-pool types of threads, classes, methods and stack traces.
 * Also the list of all declared types, the events' included (ids start above 1: type ids 0 and 1
 * are the metadata and constant-pool events). Each JDK type has the JDK's own fields in the JDK's
 * order (those of {@code jfr metadata} of a recording JDK 17 or 25 wrote): JDK Mission Control
 * reads a JDK type by that layout whatever the metadata says, and failed on a stack frame of two
 * fields. A traced call stack knows no line number or bytecode index: both are written as 0
 * (see {@link StackTraces#write}).
 */
final class JdkTypes {
    private final List<TypeDeclaration> all = new ArrayList<>();
    private long nextId = 10;

    final TypeDeclaration booleanType = primitive("boolean");
    final TypeDeclaration intType = primitive("int");
    final TypeDeclaration longType = primitive("long");
    final TypeDeclaration string = primitive("java.lang.String");

    final TypeDeclaration label = annotation("jdk.jfr.Label");
    final TypeDeclaration description = annotation("jdk.jfr.Description");
    final TypeDeclaration category = annotation("jdk.jfr.Category");
    final TypeDeclaration contentType = annotation("jdk.jfr.ContentType");
    final TypeDeclaration timestamp = annotation("jdk.jfr.Timestamp");
    final TypeDeclaration timespan = annotation("jdk.jfr.Timespan");

    final TypeDeclaration symbol = pooled("jdk.types.Symbol", true);
    final TypeDeclaration classLoader = pooled("jdk.types.ClassLoader", false);
    final TypeDeclaration module = pooled("jdk.types.Module", false);
    final TypeDeclaration packageType = pooled("jdk.types.Package", false);
    final TypeDeclaration classType = pooled("java.lang.Class", false);
    final TypeDeclaration method = pooled("jdk.types.Method", false);
    final TypeDeclaration threadGroup = pooled("jdk.types.ThreadGroup", false);
    final TypeDeclaration thread = pooled("java.lang.Thread", false);
    final TypeDeclaration frameType = pooled("jdk.types.FrameType", true);
    final TypeDeclaration stackFrame = declare("jdk.types.StackFrame", null, false, false);
    final TypeDeclaration stackTrace = pooled("jdk.types.StackTrace", false);

    JdkTypes() {
        label.field("value", string);
        description.field("value", string);
        category.arrayField("value", string);
        timestamp.field("value", string);
        timespan.field("value", string);
        label.label("Label");
        description.label("Description");
        category.label("Category");
        contentType.label("Content Type");
        timestamp.annotate(contentType).label("Timestamp");
        timespan.annotate(contentType).label("Timespan");

        symbol.label("Symbol").field("string", string).label("String");
        classLoader.label("Java Class Loader");
        classLoader.field("type", classType).label("Type");
        classLoader.field("name", symbol).label("Name");
        module.label("Module");
        module.field("name", symbol).label("Name");
        module.field("version", symbol).label("Version");
        module.field("location", symbol).label("Location");
        module.field("classLoader", classLoader).label("Class Loader");
        packageType.label("Package");
        packageType.field("name", symbol).label("Name");
        packageType.field("module", module).label("Module");
        packageType.field("exported", booleanType).label("Exported");
        classType.label("Java Class");
        classType.field("classLoader", classLoader).label("Class Loader");
        classType.field("name", symbol).label("Name");
        classType.field("package", packageType).label("Package");
        classType.field("modifiers", intType).label("Access Modifiers");
        classType.field("hidden", booleanType).label("Hidden");
        method.label("Java Method");
        method.field("type", classType).label("Type");
        method.field("name", symbol).label("Name");
        method.field("descriptor", symbol).label("Descriptor");
        method.field("modifiers", intType).label("Access Modifiers");
        method.field("hidden", booleanType).label("Hidden");
        threadGroup.label("Thread Group");
        threadGroup.field("parent", threadGroup).label("Parent");
        threadGroup.field("name", string).label("Name");
        thread.label("Thread");
        thread.field("osName", string).label("OS Thread Name");
        thread.field("osThreadId", longType).label("OS Thread Id");
        thread.field("javaName", string).label("Java Thread Name");
        thread.field("javaThreadId", longType).label("Java Thread Id");
        thread.field("group", threadGroup).label("Java Thread Group");
        thread.field("virtual", booleanType).label("Virtual Thread");
        frameType.label("Frame type").field("description", string).label("Description");
        stackFrame.field("method", method).label("Java Method");
        stackFrame.field("lineNumber", intType).label("Line Number");
        stackFrame.field("bytecodeIndex", intType).label("Bytecode Index");
        stackFrame.field("type", frameType).label("Frame Type");
        stackTrace.label("Stacktrace");
        stackTrace.field("truncated", booleanType).label("Truncated");
        stackTrace.arrayField("frames", stackFrame).label("Stack Frames");
    }

    /** Declares a type; {@code superType} is null, {@code jdk.jfr.Event} or {@code java.lang.annotation.Annotation}. */
    TypeDeclaration declare(String name, String superType, boolean pooled, boolean simpleType) {
        TypeDeclaration t = new TypeDeclaration(this, nextId++, name, superType, pooled, simpleType);
        all.add(t);
        return t;
    }

    /**
     * An event type with the JDK's leading fields, as JFR declares every event: start time, a
     * duration ({@code duration}: not for an instant), the thread, the stack trace.
     */
    TypeDeclaration event(String name, boolean duration, String stackTraceDescription) {
        TypeDeclaration e = declare(name, "jdk.jfr.Event", false, false);
        e.field("startTime", longType).label("Start Time").timestamp("TICKS");
        if (duration) e.field("duration", longType).label("Duration").timespan("TICKS");
        e.field("eventThread", thread).label("Event Thread").description("Thread in which the event happened");
        e.field("stackTrace", stackTrace).label("Stack Trace").description(stackTraceDescription);
        return e;
    }

    private TypeDeclaration primitive(String name) {
        return declare(name, null, false, false);
    }

    private TypeDeclaration annotation(String name) {
        return declare(name, "java.lang.annotation.Annotation", false, false);
    }

    private TypeDeclaration pooled(String name, boolean simpleType) {
        return declare(name, null, true, simpleType);
    }

    /** The body of the metadata event after its id: every declared type, and the region (time zone, locale). */
    void writeMetadata(JfrBytes out) {
        Element root = new Element("root");
        Element metadata = root.child("metadata");
        for (TypeDeclaration t : all) t.write(metadata);
        root.child("region").attribute("locale", "en_US").attribute("gmtOffset", "0").attribute("dst", "0");
        root.writeTree(out);
    }
}
