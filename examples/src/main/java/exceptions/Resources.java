package exceptions;

import java.io.IOException;
import java.io.UncheckedIOException;

/** try-with-resources whose body throws and whose close throws too: the close failure is suppressed. */
final class Resources {
    private Resources() {}

    static final class FailingResource implements AutoCloseable {
        @Override
        public void close() {
            throw new UncheckedIOException(new IOException("close failed"));
        }
    }

    static void useFailingResource() {
        try (FailingResource r = new FailingResource()) {
            throw new IllegalStateException("body failed");
        }
    }
}
