package io.jtrace.replay;

import io.jtrace.model.CallValues;

/**
 * The values {@code run --args} recorded for the call a visitor is being given: valid during its
 * {@code enter} (the arguments), {@code exit} and {@code call} (the arguments and the return
 * value); null when none were recorded. A side channel on the call, so that aggregates over tens
 * of millions of calls still get plain arguments, and an exit needs no pairing with its enter.
 * Ask a replay for it with {@link Replay.Request#values}.
 */
public final class CurrentValues implements java.util.function.Supplier<CallValues> {
    private CallValues values;

    void set(CallValues v) {
        values = v;
    }

    /** The values of the call being delivered, or null. */
    @Override
    public CallValues get() {
        return values;
    }
}
