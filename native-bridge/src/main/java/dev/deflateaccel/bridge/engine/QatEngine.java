package dev.deflateaccel.bridge.engine;

import java.nio.ByteBuffer;

import com.sun.jna.Native;
import com.sun.jna.Pointer;

/**
 * Intel QAT through QATzip 1.3: zlib format via {@code data_fmt = QZ_DEFLATE_RAW} plus the Ext
 * struct's {@code zlib_format = 1}; {@code sw_backup = 0}, because falling back is the router's
 * job and QATzip's own software path would hide that the device declined (tests alone turn it
 * on, see {@link VendorSoftwarePaths}).
 *
 * <p>Compression takes only inputs from 1 KiB (below that QATzip compresses in software anyway)
 * up to the session's hardware buffer size: a larger input would come back as several
 * concatenated zlib streams, and stock Cassandra's Inflater stops after the first, silently
 * dropping the rest.
 */
public final class QatEngine extends NativeDeflateEngine<QatEngine.QatContext> {
    public static final String NAME = "qat";
    public static final String DEFAULT_LIBRARY = "libqatzip.so.3";
    public static final String INSTALL_HINT = "install QATzip 1.3+ and the QAT driver, or set qat_library";
    static final int MIN_COMPRESS_INPUT = 1024;

    private static final int SESSION = 0;
    private static final int PARAMS = 64;
    private static final int SRC_LEN = 128;
    private static final int DEST_LEN = 132;
    private static final int END_OF_STREAM = 136;
    private static final int BLOCK_BYTES = 144;

    /** One QATzip session (never shared by concurrent calls) and its in/out length slots. */
    static final class QatContext extends NativeDeflateEngine.Context {
        final long block;
        /** The whole block (session, parameters, length slots), read and written in place. */
        final ByteBuffer fields;
        final int hwBufferSize;
        final AcceleratorOutputCheck check;

        QatContext(NativeMemoryMeter meter, int level, boolean periodicalPolling, boolean swBackup) {
            this(meter, Native.malloc(BLOCK_BYTES), level, periodicalPolling, swBackup);
        }

        /**
         * Sets a session up in {@code b}, the block the caller allocated (0: that malloc failed),
         * then makes the output check: the check (an Inflater, whose native state would otherwise
         * wait for a GC) comes last, once nothing can fail after it, and whatever a failed step
         * had set up is freed before it throws.
         */
        QatContext(NativeMemoryMeter meter, long b, int level, boolean periodicalPolling, boolean swBackup) {
            super(meter);
            if (b == 0) {
                throw new OutOfMemoryError("malloc for a QATzip session failed");
            }
            block = b;
            fields = NativeView.of(b, BLOCK_BYTES);
            new Pointer(b).setMemory(0, BLOCK_BYTES, (byte) 0);
            byte backup = (byte) (swBackup ? 1 : 0);
            int rc = QatzipNatives.qzInit(b + SESSION, backup);
            if (rc != QatzipNatives.QZ_OK && rc != QatzipNatives.QZ_DUPLICATE) {
                Native.free(b);
                throw new ContextSetupException("qzInit", rc);
            }
            rc = QatzipNatives.qzGetDefaultsDeflateExt(b + PARAMS);
            if (rc == QatzipNatives.QZ_OK) {
                fields.putInt(PARAMS + QatzipNatives.PARAMS_DIRECTION, QatzipNatives.QZ_DIR_BOTH);
                fields.putInt(PARAMS + QatzipNatives.PARAMS_COMP_LVL, level);
                fields.put(PARAMS + QatzipNatives.PARAMS_SW_BACKUP, backup);
                fields.putInt(PARAMS + QatzipNatives.PARAMS_POLLING_MODE,
                        periodicalPolling ? QatzipNatives.QZ_PERIODICAL_POLLING : QatzipNatives.QZ_BUSY_POLLING);
                fields.putInt(PARAMS + QatzipNatives.PARAMS_DATA_FMT, QatzipNatives.QZ_DEFLATE_RAW);
                fields.put(PARAMS + QatzipNatives.PARAMS_ZLIB_FORMAT, (byte) 1);
                rc = QatzipNatives.qzSetupSessionDeflateExt(b + SESSION, b + PARAMS);
            }
            if (rc != QatzipNatives.QZ_OK) {
                closeSession();
                throw new ContextSetupException("qzSetupSessionDeflateExt", rc);
            }
            hwBufferSize = fields.getInt(PARAMS + QatzipNatives.PARAMS_HW_BUFF_SZ);
            try {
                check = new AcceleratorOutputCheck(meter);
            } catch (RuntimeException | Error e) {
                closeSession();
                throw e;
            }
            countState(BLOCK_BYTES); // QATzip's own session memory is not visible to us
        }

        /** hw_session_stat: QZ_OK when a device serves this session. */
        long hardwareStatus() {
            return fields.getLong(SESSION + QatzipNatives.SESSION_HW_SESSION_STAT);
        }

        /** Tears the session down and frees its block. */
        private void closeSession() {
            QatzipNatives.qzTeardownSession(block + SESSION);
            QatzipNatives.qzClose(block + SESSION);
            Native.free(block);
        }

        @Override
        protected void freeState() {
            closeSession();
            check.free();
        }
    }

    private final boolean periodicalPolling;
    private final boolean verify;
    private final boolean swBackup;

    private QatEngine(EngineStatus status, int level, boolean periodicalPolling, boolean verify,
                      int maxContexts, int maxBufferBytes, boolean swBackup) {
        super(NAME, status, level, maxContexts, maxContexts, maxBufferBytes, true);
        this.periodicalPolling = periodicalPolling;
        this.verify = verify;
        this.swBackup = swBackup;
    }

    /**
     * Binds the library, checks its struct layout, and opens one probe session to see whether a
     * device answers. The layout check and the probe run once per library per process when they
     * succeed; one that failed runs again at the first open after a reload
     * ({@link ProbeOnce#forgetFailures()}). QATzip 1.3.1 looks for its device again then: a
     * qzInit that found none resets its process state (stopQat, from BACKOUT), so the next
     * qzInit starts over (it also prints its two stderr lines again).
     */
    public static QatEngine open(String library, int level, boolean periodicalPolling, boolean verify,
                                 int maxContexts, int maxBufferBytes) {
        boolean swBackup = VendorSoftwarePaths.enabled();
        EngineStatus bound = NativeBinding.bind(QatzipNatives.class, library, INSTALL_HINT);
        EngineStatus status = !bound.isAvailable() ? bound
                : ProbeOnce.of(NAME + ":" + bound.detail() + ":" + swBackup, () -> probe(bound, swBackup),
                        EngineStatus::isAvailable);
        return new QatEngine(status, level, periodicalPolling, verify, maxContexts, maxBufferBytes, swBackup);
    }

    private static EngineStatus probe(EngineStatus bound, boolean swBackup) {
        String layout = QatzipLayoutCheck.problem();
        if (layout != null) {
            return EngineStatus.unavailable(bound.detail() + " refused: " + layout
                    + "; this agent takes QATzip 1.3.0-1.3.1 (API 2.5)");
        }
        QatContext probe;
        try {
            probe = new QatContext(new NativeMemoryMeter(), 1, false, swBackup);
        } catch (ContextSetupException e) {
            return EngineStatus.unavailable(QatDiagnosis.of(e.getMessage(), e.code()));
        }
        try {
            long hw = probe.hardwareStatus();
            if (hw == QatzipNatives.QZ_OK) {
                return EngineStatus.available(bound.detail() + ", device present, hw_buff_sz " + probe.hwBufferSize);
            }
            if (swBackup && hw == QatzipNatives.QZ_NO_HW) {
                return EngineStatus.available(bound.detail() + ", QATzip's software path (test mode, "
                        + VendorSoftwarePaths.PROPERTY + "), hw_buff_sz " + probe.hwBufferSize);
            }
            return EngineStatus.unavailable(QatDiagnosis.of("hw_session_stat " + hw, (int) hw));
        } finally {
            probe.free();
        }
    }

    @Override
    protected long stateBytes(boolean compress) {
        return BLOCK_BYTES;
    }

    @Override
    protected QatContext newCompressContext(NativeMemoryMeter meter) {
        return new QatContext(meter, level, periodicalPolling, swBackup);
    }

    @Override
    protected QatContext newDecompressContext(NativeMemoryMeter meter) {
        return new QatContext(meter, level, periodicalPolling, swBackup);
    }

    @Override
    protected int compressNative(QatContext c, long src, int srcLength, long dst, int dstCapacity) {
        if (srcLength < MIN_COMPRESS_INPUT || srcLength > c.hwBufferSize) {
            return FallbackReason.INPUT_NOT_ACCEPTED.code();
        }
        // QATzip answers an output too small for its result with QZ_FAIL, which says nothing
        // about why: ask only with the room Cassandra always gives, zlib's deflateBound.
        if (dstCapacity < DeflateBound.of(srcLength)) {
            return FallbackReason.OUTPUT_TOO_SMALL.code();
        }
        c.fields.putInt(SRC_LEN, srcLength);
        c.fields.putInt(DEST_LEN, dstCapacity);
        int rc = QatzipNatives.qzCompress(c.block + SESSION, src, c.block + SRC_LEN, dst, c.block + DEST_LEN, 1);
        if (rc != QatzipNatives.QZ_OK) {
            c.discardAfterCall();
            return failure(rc);
        }
        int consumed = c.fields.getInt(SRC_LEN);
        int n = c.fields.getInt(DEST_LEN);
        if (consumed != srcLength || n <= 0 || n > dstCapacity) {
            c.discardAfterCall();
            return FallbackReason.BAD_OUTPUT.code();
        }
        if (verify && !c.check.compressedMatches(c.output, n, c.input, srcLength)) {
            return FallbackReason.BAD_OUTPUT.code();
        }
        return n;
    }

    @Override
    protected int decompressNative(QatContext c, long src, int srcLength, long dst, int dstCapacity,
                                   int header, int trailer) {
        // The base class passed only plain zlib headers (CM 8, CINFO <= 7, no FDICT): what QAT takes.
        if (dstCapacity == 0) {
            return FallbackReason.OUTPUT_TOO_SMALL.code(); // QATzip consumes nothing without room for output
        }
        c.fields.putInt(SRC_LEN, srcLength);
        c.fields.putInt(DEST_LEN, dstCapacity);
        int rc = QatzipNatives.qzDecompress(c.block + SESSION, src, c.block + SRC_LEN, dst, c.block + DEST_LEN);
        if (rc != QatzipNatives.QZ_OK) {
            c.discardAfterCall();
            return failure(rc);
        }
        int consumed = c.fields.getInt(SRC_LEN);
        int n = c.fields.getInt(DEST_LEN);
        // QATzip decompresses as a stream: when the output fills up, or the input ends inside the
        // stream, it returns QZ_OK with what it has, and the session would continue that stream
        // on its next call. Only a whole stream, ending at the last input byte, is an answer.
        c.fields.put(END_OF_STREAM, (byte) 0);
        QatzipNatives.qzGetDeflateEndOfStream(c.block + SESSION, c.block + END_OF_STREAM);
        boolean ended = c.fields.get(END_OF_STREAM) == 1;
        if (!ended || consumed != srcLength) {
            c.discardAfterCall();
            return !ended && n >= dstCapacity ? FallbackReason.OUTPUT_TOO_SMALL.code() : FallbackReason.CORRUPT_INPUT.code();
        }
        if (n < 0 || n > dstCapacity || !c.check.adler32Matches(c.output, n, trailer)) {
            return FallbackReason.BAD_OUTPUT.code();
        }
        return n;
    }

    private static int failure(int rc) {
        switch (rc) {
            case QatzipNatives.QZ_BUF_ERROR:
                return FallbackReason.OUTPUT_TOO_SMALL.code();
            case QatzipNatives.QZ_DATA_ERROR:
                return FallbackReason.CORRUPT_INPUT.code();
            case QatzipNatives.QZ_TIMEOUT:
                return FallbackReason.DEVICE_BUSY.code();
            default:
                return FallbackReason.NATIVE_ERROR.code();
        }
    }
}
