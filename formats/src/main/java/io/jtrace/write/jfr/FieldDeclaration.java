package io.jtrace.write.jfr;

/** A field of a declared type: its values are written in declaration order. */
final class FieldDeclaration extends Annotated<FieldDeclaration> {
    private final String name;
    private final TypeDeclaration type;
    private final boolean array;

    FieldDeclaration(JdkTypes jdk, String name, TypeDeclaration type, boolean array) {
        super(jdk);
        this.name = name;
        this.type = type;
        this.array = array;
    }

    String name() {
        return name;
    }

    TypeDeclaration type() {
        return type;
    }

    @Override
    FieldDeclaration self() {
        return this;
    }

    void write(Element owner) {
        Element e = owner.child("field").attribute("name", name).attribute("class", Long.toString(type.id));
        if (array) e.attribute("dimension", "1");
        if (type.pooled) e.attribute("constantPool", "true");
        writeAnnotations(e);
    }
}
