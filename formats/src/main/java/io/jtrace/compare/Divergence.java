package io.jtrace.compare;

import io.jtrace.model.MethodInfo;
import io.jtrace.model.TraceEvent;

import java.util.List;

/**
 * Where a thread of two runs parts ways: after {@code sameSteps} steps that agree, inside the
 * {@code stack} both runs share (outermost first), what differs ({@code what}, in words). For
 * showing it like {@code diff -u} of {@code print}: the last shared events ({@code before}, as run A
 * has them) and the events from there on in each run ({@code inA}, {@code inB}; empty where a run's
 * thread ended). {@code numberA} / {@code numberB}: the number of the first of {@code inA} /
 * {@code inB} in its thread, from 0, as {@link io.jtrace.history.ThreadHistory} numbers events (where
 * an explorer puts its cursor); -1 where that run's thread ended.
 */
public record Divergence(long sameSteps, List<MethodInfo> stack, String what, List<TraceEvent> before,
                         List<TraceEvent> inA, List<TraceEvent> inB, long numberA, long numberB) {
    public Divergence {
        stack = List.copyOf(stack);
        before = List.copyOf(before);
        inA = List.copyOf(inA);
        inB = List.copyOf(inB);
    }
}
