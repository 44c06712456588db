package io.jtrace.agent;

import io.jtrace.pattern.MethodFilter;
import io.jtrace.agent.instrument.ClassInstrumenter;
import io.jtrace.agent.instrument.ClassTemplate;
import io.jtrace.agent.instrument.MethodIds;
import io.jtrace.agent.instrument.TypeIds;

import java.util.function.Function;

/** How {@link TraceTransformer} gets a class rewritten: directly, or through the class cache. */
interface ClassRewriting {
    /** The rewritten class, or null if nothing in it is traced. */
    byte[] rewrite(String internalName, byte[] classFile);

    static ClassRewriting direct(ClassInstrumenter instrumenter) {
        return (name, classFile) -> instrumenter.instrument(classFile);
    }

    /**
     * A class kept by an earlier run with the same bytes is bound to this run's ids without ASM;
     * any other is rewritten as a template (kept for the next run) and bound, or, if it cannot be
     * templated, rewritten directly.
     */
    static ClassRewriting cached(ClassCache cache, MethodFilter filter, Function<ClassTemplate.Placeholders, ClassInstrumenter> chain,
                                 ClassInstrumenter direct, MethodIds methodIds, TypeIds typeIds) {
        return (name, classFile) -> {
            if (!filter.mayMatchClass(name.replace('/', '.'))) return null;
            ClassTemplate template = cache.find(name, classFile);
            if (template == null) {
                template = ClassTemplate.make(classFile, chain);
                if (template == null) return direct.instrument(classFile);
                if (template.untraced()) return null;
                cache.keep(name, classFile, template);
            }
            return template.bind(methodIds, typeIds);
        };
    }
}
