package io.jtrace.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Period;
import jdk.jfr.StackTrace;

/**
 * Maps a compact method id to the method it stands for. Written when the method's class is
 * instrumented and again at every chunk boundary, so each chunk of a recording (and each file
 * cut from it) is self-describing.
 */
@Name(MethodDefinitionEvent.NAME)
@Label("Method Definition")
@Category({"jtrace"})
@Description("Maps a jtrace method id to its class, name, descriptor and source position")
@StackTrace(false)
@Period("beginChunk")
public final class MethodDefinitionEvent extends jdk.jfr.Event {
    public static final String NAME = "jtrace.MethodDefinition";

    @Label("Method Id")
    @Description("Id used by trace records of this recording")
    public int methodId;

    @Label("Class")
    @Description("Binary class name, e.g. com.acme.Bank$Account")
    public String className;

    @Label("Method")
    @Description("Method name; <init> for constructors, <clinit> for static initializers")
    public String methodName;

    @Label("Descriptor")
    @Description("JVM method descriptor, e.g. (JLjava/lang/String;)V")
    public String descriptor;

    @Label("Source File")
    @Description("Source file from the class's debug information, if any")
    public String sourceFile;

    @Label("Line")
    @Description("First source line of the method, 0 if unknown")
    public int line;

    @Label("Modifiers")
    @Description("JVM access flags of the method (static, synthetic, bridge, ...)")
    public int modifiers;
}
