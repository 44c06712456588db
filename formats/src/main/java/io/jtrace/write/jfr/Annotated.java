package io.jtrace.write.jfr;

import java.util.ArrayList;
import java.util.List;

/**
 * A type or field of the metadata with its annotations, as JFR encodes them: an {@code annotation}
 * element naming the annotation's type, with one attribute per value ({@code value}, or
 * {@code value-0}, {@code value-1}... for an array).
 */
abstract class Annotated<T extends Annotated<T>> {
    private final JdkTypes jdk;
    private final List<String[]> annotations = new ArrayList<>(); // type id, then key, value, key, value...

    Annotated(JdkTypes jdk) {
        this.jdk = jdk;
    }

    abstract T self();

    T annotate(TypeDeclaration annotation, String... keysAndValues) {
        String[] a = new String[keysAndValues.length + 1];
        a[0] = Long.toString(annotation.id);
        System.arraycopy(keysAndValues, 0, a, 1, keysAndValues.length);
        annotations.add(a);
        return self();
    }

    T label(String label) {
        return annotate(jdk.label, "value", label);
    }

    T description(String description) {
        return annotate(jdk.description, "value", description);
    }

    /** JFR's {@code @Timestamp}: {@code TICKS} or {@code MILLISECONDS_SINCE_EPOCH}. */
    T timestamp(String unit) {
        return annotate(jdk.timestamp, "value", unit);
    }

    /** JFR's {@code @Timespan}: {@code TICKS}, {@code NANOSECONDS}... */
    T timespan(String unit) {
        return annotate(jdk.timespan, "value", unit);
    }

    void writeAnnotations(Element owner) {
        for (String[] a : annotations) {
            Element e = owner.child("annotation").attribute("class", a[0]);
            for (int i = 1; i + 1 < a.length; i += 2) e.attribute(a[i], a[i + 1]);
        }
    }
}
