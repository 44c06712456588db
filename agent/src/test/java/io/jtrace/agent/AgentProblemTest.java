package io.jtrace.agent;

import org.junit.jupiter.api.Test;

import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The agent's "could not start tracing" line names a file's problem in words, not an exception's class. */
class AgentProblemTest {
    @Test
    void aFileProblemIsTheFileAndItsReason() {
        assertEquals("/tmp/x.jfr: operation not permitted",
                JtraceAgent.problem(new FileSystemException("/tmp/x.jfr", null, "Operation not permitted")));
        assertEquals("/tmp/x.jfr: permission denied", JtraceAgent.problem(new AccessDeniedException("/tmp/x.jfr")));
        assertEquals("java.lang.IllegalStateException: no", JtraceAgent.problem(new IllegalStateException("no")));
    }
}
