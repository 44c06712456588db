package io.jtrace.write.jfr;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One element of the tree that JFR's metadata event holds (root &gt; metadata &gt; class &gt;
 * field, annotation; root &gt; region): a name, attributes and children, all strings. Written as
 * indexes into a string table that precedes the tree.
 */
final class Element {
    private final String name;
    private final Map<String, String> attributes = new LinkedHashMap<>();
    private final List<Element> children = new ArrayList<>();

    Element(String name) {
        this.name = name;
    }

    Element attribute(String key, String value) {
        attributes.put(key, value);
        return this;
    }

    Element child(String childName) {
        Element e = new Element(childName);
        children.add(e);
        return e;
    }

    /** Writes the string table, then the tree (the body of the metadata event after its id). */
    void writeTree(JfrBytes out) {
        Map<String, Integer> table = new LinkedHashMap<>();
        collect(table);
        out.writeVarInt(table.size());
        for (String s : table.keySet()) out.writeString(s);
        write(out, table);
    }

    private void collect(Map<String, Integer> table) {
        table.putIfAbsent(name, table.size());
        attributes.forEach((k, v) -> {
            table.putIfAbsent(k, table.size());
            table.putIfAbsent(v, table.size());
        });
        for (Element c : children) c.collect(table);
    }

    private void write(JfrBytes out, Map<String, Integer> table) {
        out.writeVarInt(table.get(name));
        out.writeVarInt(attributes.size());
        attributes.forEach((k, v) -> {
            out.writeVarInt(table.get(k));
            out.writeVarInt(table.get(v));
        });
        out.writeVarInt(children.size());
        for (Element c : children) c.write(out, table);
    }
}
