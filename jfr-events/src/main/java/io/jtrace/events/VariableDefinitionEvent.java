package io.jtrace.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Period;
import jdk.jfr.StackTrace;

/**
 * Maps the id of one variable access site (one read or write instruction in a method traced with
 * {@code --vars}) to what it accesses; also describes each parameter and the return value of a
 * method traced with {@code --args} (kinds {@code argument} and {@code return}: their records carry
 * the parameter's index, not a site id). Everything known when the class is instrumented lives here,
 * so a trace record carries only the site id, the time and the value. Written when the class is
 * instrumented and again at every chunk boundary.
 */
@Name(VariableDefinitionEvent.NAME)
@Label("Variable Definition")
@Category({"jtrace"})
@Description("Maps a jtrace variable access-site id to the method, variable, declared type, line and access kind;"
        + " also names the parameters and return value recorded with --args")
@StackTrace(false)
@Period("beginChunk")
public final class VariableDefinitionEvent extends jdk.jfr.Event {
    public static final String NAME = "jtrace.VariableDefinition";

    @Label("Site Id")
    @Description("Id used by the variable records of this recording")
    public int siteId;

    @Label("Method Id")
    @Description("The method containing the access (see jtrace.MethodDefinition)")
    public int methodId;

    @Label("Kind")
    @Description("local, param, field, static or array; argument or return for the values of calls (--args)")
    public String kind;

    @Label("Name")
    @Description("Variable or field name from the class's debug information; for locals of classes compiled"
            + " without -g, a slot-based name such as local3; for array elements, the array's name followed by []")
    public String name;

    @Label("Type")
    @Description("Declared type as a JVM descriptor (for array elements: the element type)")
    public String type;

    @Label("Slot")
    @Description("Local variable slot for locals and parameters; for argument, the parameter's index (0 = the first); -1 otherwise")
    public int slot;

    @Label("Owner Class")
    @Description("Class declaring the field (fields and statics), empty otherwise")
    public String ownerClass;

    @Label("Line")
    @Description("Source line of the access, 0 if unknown")
    public int line;

    @Label("Write")
    @Description("True if the site writes the variable, false if it reads it")
    public boolean write;

    @Label("Redacted")
    @Description("True if the name matched the redaction list: the site records no value")
    public boolean redacted;
}
