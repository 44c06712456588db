package io.jtrace.text;

import io.jtrace.format.ExceptionText;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

class PrintableTest {
    @Test
    void plainTextIsReturnedAsItIs() {
        String s = "worker-1 \\ ü € 日本";
        assertSame(s, Printable.text(s));
        assertEquals(null, Printable.text(null));
    }

    @Test
    void controlCharactersAreEscaped() {
        assertEquals("weird\\nname\\u001b[31m", Printable.text("weird\nname\u001b[31m"));
        assertEquals("a\\r\\tb\\u0000\\u0007\\u007f", Printable.text("a\r\tb\u0000\u0007\u007f"));
        assertEquals("c1 \\u009b1m \\u0085 \\u2028", Printable.text("c1 \u009b1m \u0085 \u2028"));
        assertEquals("back\\slash kept", Printable.text("back\\slash kept"));
    }

    @Test
    void messagesAndValuesUseTheSameRules() {
        assertEquals("bad\\ninput\\u001b[2J \\\\", ExceptionText.oneLine("bad\ninput\u001b[2J \\"));
        assertEquals("\"x\\u001b[31m\\u009b\\\"\"", VariableText.quote("x\u001b[31m\u009b\""));
    }
}
