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
