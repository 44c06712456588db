package io.jtrace.model;

/**
 * A variable was read or written ({@code variable.write()}): {@code method} is where the access
 * happened. {@code owner} is the identity of the object whose instance field it is, and
 * {@code array}/{@code index} name the element of an array access (0 and -1 where not applicable).
 */
public record VariableAccess(ThreadInfo thread, long nanos, int depth, MethodInfo method, VariableInfo variable,
                             long owner, long array, int index, Value value) implements TraceEvent {}
