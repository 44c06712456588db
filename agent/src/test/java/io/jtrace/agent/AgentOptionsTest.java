package io.jtrace.agent;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AgentOptionsTest {
    @Test
    void roundTripKeepsAwkwardCharacters() {
        AgentOptions o = new AgentOptions();
        o.output = "/tmp/my dir/a,b=c%d+e/trace-%p.jfr";
        o.include.add("com.acme.**");
        o.include.add("*Service.get*");
        o.exclude.add("a,b");
        o.exclude.add("x=y z%20");
        o.depth = 7;
        o.log = "/tmp/ünïcødé/agent.log";
        String text = o.format();
        assertFalse(text.contains(" "), "JAVA_TOOL_OPTIONS splits on spaces: " + text);
        assertEquals(7, text.split(",").length, text); // 7 pairs: commas only between them
        AgentOptions back = AgentOptions.parse(text);
        assertEquals(o.output, back.output);
        assertEquals(o.include, back.include);
        assertEquals(o.exclude, back.exclude);
        assertEquals(7, back.depth);
        assertEquals(o.log, back.log);
        assertEquals(text, back.format());
    }

    /** Every option survives format and parse together (a missing break once let one option eat the next). */
    @Test
    void everyOptionRoundTrips() {
        AgentOptions o = new AgentOptions();
        o.output = "/tmp/a b/out-%p.jfr";
        o.include.add("com.acme.**");
        o.exclude.add("*Test");
        o.depth = 7;
        o.log = "/tmp/log";
        o.vars.add("Bank.*");
        o.lines.add("Bank.transfer");
        o.args.add("Bank.transfer");
        o.args.add("Account.*");
        o.values = "tostring";
        o.redact.add("*pin*");
        o.stringLength = 20;
        o.exceptions = false;
        o.classCache = "/home/u/.cache/jtrace/classes/z1";
        o.written = "/tmp/jtrace-run-1/written";
        o.maxSize = 8L << 20;
        AgentOptions back = AgentOptions.parse(o.format());
        assertEquals(o.classCache, back.classCache);
        assertEquals(o.written, back.written);
        assertEquals(o.format(), back.format());
        assertEquals(20, back.stringLength);
        assertEquals(false, back.exceptions);
        assertEquals(7, back.depth);
        assertEquals(8L << 20, back.maxSize);
        assertEquals(-1, AgentOptions.parse("maxSize=-1").maxSize);
        assertEquals(8L << 20, back.maxSize);
        assertEquals(-1, AgentOptions.parse("maxSize=-1").maxSize);
        assertEquals(List.of("Bank.*"), back.vars);
        assertEquals(List.of("Bank.transfer", "Account.*"), back.args);
    }

    @Test
    void defaultsAreEmpty() {
        AgentOptions o = AgentOptions.parse(null);
        assertNull(o.output);
        assertTrue(o.include.isEmpty());
        assertEquals(0, o.depth);
        assertEquals("", o.format());
        assertEquals("", AgentOptions.parse("").format());
    }

    @Test
    void pidPlaceholderSurvives() {
        AgentOptions o = new AgentOptions();
        o.output = "out-%p.jfr";
        assertEquals("out-%p.jfr", AgentOptions.parse(o.format()).output);
        assertEquals(List.of(), AgentOptions.parse(o.format()).include);
    }

    @Test
    void badOptionsAreNamed() {
        assertEquals("unknown agent option 'colour'",
                assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("colour=red")).getMessage());
        assertEquals("depth must be a number, not 'deep'",
                assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("depth=deep")).getMessage());
    }
}
