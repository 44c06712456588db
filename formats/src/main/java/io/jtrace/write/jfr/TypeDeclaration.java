package io.jtrace.write.jfr;

import java.util.ArrayList;
import java.util.List;

/**
 * A type of the recording's metadata (JFR's {@code class} element): a primitive, an annotation,
 * a constant-pool type ({@code pooled}: fields of it hold a pool key) or an event type.
 */
final class TypeDeclaration extends Annotated<TypeDeclaration> {
    final long id;
    final String name;
    final boolean pooled;
    private final String superType;
    private final boolean simpleType;
    private final JdkTypes jdk;
    private final List<FieldDeclaration> fields = new ArrayList<>();

    TypeDeclaration(JdkTypes jdk, long id, String name, String superType, boolean pooled, boolean simpleType) {
        super(jdk);
        this.jdk = jdk;
        this.id = id;
        this.name = name;
        this.superType = superType;
        this.pooled = pooled;
        this.simpleType = simpleType;
    }

    @Override
    TypeDeclaration self() {
        return this;
    }

    FieldDeclaration field(String fieldName, TypeDeclaration type) {
        FieldDeclaration f = new FieldDeclaration(jdk, fieldName, type, false);
        fields.add(f);
        return f;
    }

    FieldDeclaration arrayField(String fieldName, TypeDeclaration type) {
        FieldDeclaration f = new FieldDeclaration(jdk, fieldName, type, true);
        fields.add(f);
        return f;
    }

    List<FieldDeclaration> fields() {
        return fields;
    }

    void write(Element metadata) {
        Element e = metadata.child("class").attribute("name", name);
        if (superType != null) e.attribute("superType", superType);
        if (simpleType) e.attribute("simpleType", "true");
        e.attribute("id", Long.toString(id));
        for (FieldDeclaration f : fields) f.write(e);
        writeAnnotations(e);
    }
}
