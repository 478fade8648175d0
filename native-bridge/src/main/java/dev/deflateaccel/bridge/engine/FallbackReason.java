package dev.deflateaccel.bridge.engine;

/**
 * Why an engine handed a call on to the next one. Engines return these as negative result codes
 * ({@link #code()}) instead of throwing, so the per-chunk path allocates nothing even when it
 * falls back.
 */
public enum FallbackReason {
    /** The output region cannot hold the result. */
    OUTPUT_TOO_SMALL(false),
    /** The engine does not take this input (too large for its buffers, a read-only buffer, a preset dictionary, ...). */
    INPUT_NOT_ACCEPTED(false),
    /** Every native context was in use by other threads. */
    CONTEXTS_BUSY(false),
    /** The accelerator's queues stayed busy through the bounded retries. */
    DEVICE_BUSY(false),
    /** The compressed input is not a valid, complete zlib stream as far as this engine can tell. */
    CORRUPT_INPUT(true),
    /** The native library returned an error code. */
    NATIVE_ERROR(true),
    /** The accelerator reported success but its output failed verification (truncated, corrupt). */
    BAD_OUTPUT(true),
    /** The engine threw; a bug, counted so that tests can assert there are none. */
    UNEXPECTED_EXCEPTION(true);

    private static final FallbackReason[] BY_CODE = values();

    private final boolean error;

    FallbackReason(boolean error) {
        this.error = error;
    }

    /** Whether this reason also counts as an engine error (as opposed to an ordinary decline). */
    public boolean isError() {
        return error;
    }

    /** The negative result code an engine returns for this reason. */
    public int code() {
        return -1 - ordinal();
    }

    /** The reason for a negative result code. */
    public static FallbackReason ofCode(int code) {
        int index = -1 - code;
        return index >= 0 && index < BY_CODE.length ? BY_CODE[index] : UNEXPECTED_EXCEPTION;
    }
}
