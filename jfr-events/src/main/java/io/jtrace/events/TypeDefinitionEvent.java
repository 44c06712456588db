package io.jtrace.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Period;
import jdk.jfr.StackTrace;

/** Maps a compact type id (exception and value types in trace records) to a class name. */
@Name(TypeDefinitionEvent.NAME)
@Label("Type Definition")
@Category({"jtrace"})
@Description("Maps a jtrace type id to a class name")
@StackTrace(false)
@Period("beginChunk")
public final class TypeDefinitionEvent extends jdk.jfr.Event {
    public static final String NAME = "jtrace.TypeDefinition";

    @Label("Type Id")
    @Description("Id used by trace records of this recording")
    public int typeId;

    @Label("Type")
    @Description("Binary class name, e.g. java.lang.IllegalStateException")
    public String typeName;

    @Label("Super Types")
    @Description("Superclass chain up to java.lang.Object, comma-separated, for filters that match subclasses")
    public String superTypes;
}
