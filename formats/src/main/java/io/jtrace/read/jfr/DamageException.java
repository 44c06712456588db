package io.jtrace.read.jfr;

import java.io.IOException;

/** The file is cut short or its bytes do not make sense: what came before is still usable. */
final class DamageException extends IOException {
    DamageException(String message) {
        super(message);
    }
}
