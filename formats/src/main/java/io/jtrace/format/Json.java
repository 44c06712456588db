package io.jtrace.format;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;

import java.io.IOException;
import java.io.Writer;
import java.util.Map;

/** jackson-core streaming generators as the JSON writers use them. */
final class Json {
    private Json() {}

    private static final JsonFactory FACTORY = JsonFactory.builder()
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
            .disable(StreamWriteFeature.AUTO_CLOSE_CONTENT)
            .disable(StreamWriteFeature.FLUSH_PASSED_TO_STREAM)
            .build();

    /** A generator that leaves {@code out} open; root values are separated by nothing. */
    static JsonGenerator generator(Writer out) throws IOException {
        JsonGenerator g = FACTORY.createGenerator(out);
        g.setRootValueSeparator(new SerializedString(""));
        return g;
    }

    /** A generator that writes UTF-8 bytes to {@code out} (no char-to-byte encoder in between) and leaves it open. */
    static JsonGenerator generator(java.io.OutputStream out) throws IOException {
        JsonGenerator g = FACTORY.createGenerator(out, com.fasterxml.jackson.core.JsonEncoding.UTF8);
        g.setRootValueSeparator(new SerializedString(""));
        return g;
    }

    /** A generator safe to embed in an HTML {@code <script>}: {@code <}, {@code >} and {@code &} are escaped. */
    static JsonGenerator htmlSafeGenerator(Writer out) throws IOException {
        JsonGenerator g = generator(out);
        g.setCharacterEscapes(new HtmlSafe());
        return g;
    }

    private static final class HtmlSafe extends CharacterEscapes {
        private final int[] escapes = CharacterEscapes.standardAsciiEscapesForJSON();

        HtmlSafe() {
            escapes['<'] = CharacterEscapes.ESCAPE_STANDARD;
            escapes['>'] = CharacterEscapes.ESCAPE_STANDARD;
            escapes['&'] = CharacterEscapes.ESCAPE_STANDARD;
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return escapes;
        }

        @Override
        public com.fasterxml.jackson.core.SerializableString getEscapeSequence(int ch) {
            return null;
        }
    }

    /** Fields as one compact JSON object: {@code {"a":1,"b":"x"}}. */
    static String object(java.util.Map<String, Object> fields) {
        java.io.StringWriter w = new java.io.StringWriter(64);
        try (JsonGenerator g = generator(w)) {
            g.writeStartObject();
            writeFields(g, fields);
            g.writeEndObject();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e); // a StringWriter does not fail
        }
        return w.toString();
    }

    /** Writes fields of any simple value (number, boolean, string, null), or a list or map of them. */
    static void writeFields(JsonGenerator g, Map<String, Object> fields) throws IOException {
        for (Map.Entry<String, Object> e : fields.entrySet()) {
            g.writeFieldName(e.getKey());
            writeValue(g, e.getValue());
        }
    }

    @SuppressWarnings("unchecked")
    private static void writeValue(JsonGenerator g, Object v) throws IOException {
        if (v == null) g.writeNull();
        else if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) g.writeNumber(((Number) v).longValue());
        else if (v instanceof Number n) g.writeNumber(n.doubleValue());
        else if (v instanceof Boolean b) g.writeBoolean(b);
        else if (v instanceof Map<?, ?> m) {
            g.writeStartObject();
            writeFields(g, (Map<String, Object>) m);
            g.writeEndObject();
        } else if (v instanceof java.util.List<?> l) {
            g.writeStartArray();
            for (Object o : l) writeValue(g, o);
            g.writeEndArray();
        } else {
            g.writeString(v.toString());
        }
    }

    /** A list or map of simple values as compact JSON: {@code [{"name":"n","value":"10"}]}. */
    static String value(Object v) {
        java.io.StringWriter w = new java.io.StringWriter(64);
        try (JsonGenerator g = generator(w)) {
            writeValue(g, v);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e); // a StringWriter does not fail
        }
        return w.toString();
    }

    /** Nanoseconds as microseconds with three decimals, exactly (no binary rounding): {@code 12.345}. */
    static String micros(long nanos) {
        long abs = Math.abs(nanos);
        String frac = Long.toString(1000 + abs % 1000).substring(1);
        return (nanos < 0 ? "-" : "") + (abs / 1000) + "." + frac;
    }
}
