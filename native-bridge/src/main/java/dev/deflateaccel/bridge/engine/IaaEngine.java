package dev.deflateaccel.bridge.engine;

import java.nio.ByteBuffer;

import com.sun.jna.Native;
import com.sun.jna.Pointer;

/**
 * Intel IAA through QPL's job API on the hardware path (never {@code qpl_path_auto}: it falls
 * back to the CPU silently, and the router must know which engine did the work; tests alone run
 * the software path, see {@link VendorSoftwarePaths}).
 *
 * <p>IAA compresses with a 4 KiB window (zlib header {@code 48 0D}), which every inflater reads.
 * It cannot decode streams that reach back further, so only streams whose header says
 * CINFO <= 4 are sent to it: stock Cassandra's {@code 78 9C} data never is. Buffers over 2 MiB
 * exceed the hardware's transfer limit and go to the next engine, as does compressed output
 * larger than zlib's deflateBound (Cassandra sizes its buffers with that bound).
 */
public final class IaaEngine extends NativeDeflateEngine<IaaEngine.IaaContext> {
    public static final String NAME = "iaa";
    public static final String DEFAULT_LIBRARY = "libqpl.so";
    public static final String INSTALL_HINT = "install Intel QPL 1.x built with hardware path support (and accel-config), or set iaa_library";
    static final int MAX_TRANSFER = 2 << 20;
    /** QUEUES_ARE_BUSY is transient; a few immediate retries, then the next engine. */
    static final int BUSY_RETRIES = 3;
    /** zlib-accel's marker: an empty, non-final stored block right after the header. */
    private static final byte[] EMPTY_STORED_BLOCK = {0x00, 0x00, 0x00, (byte) 0xFF, (byte) 0xFF};

    /** One QPL job (never shared by concurrent calls). */
    static final class IaaContext extends NativeDeflateEngine.Context {
        final long job;
        /** The job's public fields (QplNatives.JOB_*), read and written in place. */
        final ByteBuffer fields;
        final AcceleratorOutputCheck check;
        private boolean initialised;

        /**
         * Sizes, allocates and initialises a job, then makes the output check: the check (an
         * Inflater, whose native state would otherwise wait for a GC) comes last, once nothing
         * can fail after it, and whatever a failed step had set up is freed before it throws.
         */
        IaaContext(NativeMemoryMeter meter, int path) {
            super(meter);
            int size = jobSize(path);
            long j = Native.malloc(size);
            if (j == 0) {
                throw new OutOfMemoryError("malloc(" + size + ") for a QPL job failed");
            }
            int rc = QplNatives.qpl_init_job(path, j);
            if (rc != QplNatives.STS_OK) {
                Native.free(j);
                throw new ContextSetupException(path == QplNatives.PATH_SOFTWARE
                        ? "qpl_init_job(software)" : "qpl_init_job(hardware)", rc);
            }
            try {
                check = new AcceleratorOutputCheck(meter);
            } catch (RuntimeException | Error e) {
                QplNatives.qpl_fini_job(j);
                Native.free(j);
                throw e;
            }
            job = j;
            initialised = true;
            countState(size);
            // qpl_init_job re-initialises the job in place before each call: the view stays valid.
            fields = NativeView.of(j, QplNatives.JOB_FIELDS_BYTES);
        }

        private static int jobSize(int path) {
            long sizeSlot = Native.malloc(4);
            if (sizeSlot == 0) {
                throw new OutOfMemoryError("malloc(4) failed");
            }
            try {
                int rc = QplNatives.qpl_get_job_size(path, sizeSlot);
                if (rc != QplNatives.STS_OK) {
                    throw new ContextSetupException("qpl_get_job_size", rc);
                }
                return new Pointer(sizeSlot).getInt(0);
            } finally {
                Native.free(sizeSlot);
            }
        }

        /** Finishes and initialises the job again: each call starts from a fresh one (see execute). */
        int reinitialise(int path) {
            if (initialised) {
                QplNatives.qpl_fini_job(job);
                initialised = false;
            }
            int rc = QplNatives.qpl_init_job(path, job);
            initialised = rc == QplNatives.STS_OK;
            return rc;
        }

        @Override
        protected void freeState() {
            if (initialised) {
                QplNatives.qpl_fini_job(job);
            }
            Native.free(job);
            check.free();
        }
    }

    /** What the probe of a library and path found: the status, and a job's size when usable. */
    private static final class Probe {
        final EngineStatus status;
        final long jobBytes;

        Probe(EngineStatus status, long jobBytes) {
            this.status = status;
            this.jobBytes = jobBytes;
        }
    }

    private final boolean verify;
    private final long probedJobBytes;
    private final boolean prependEmptyBlock;
    private final int path;

    private IaaEngine(Probe probe, boolean verify, boolean prependEmptyBlock, int maxContexts, int maxBufferBytes,
                      int path) {
        super(NAME, probe.status, QplNatives.LEVEL_DEFAULT, maxContexts, maxContexts, maxBufferBytes, true);
        this.verify = verify;
        this.probedJobBytes = probe.jobBytes;
        this.prependEmptyBlock = prependEmptyBlock;
        this.path = path;
    }

    /**
     * Binds the library, checks its version, and initialises one job to see whether a device
     * answers. The check and the probe run once per library per process when they succeed; one
     * that failed runs again at the first open after a reload ({@link ProbeOnce#forgetFailures()}).
     * QPL 1.6.0 itself decides once per process whether it has a device (hw_dispatcher, a static
     * initialised at the first hardware qpl_init_job), and qpl_init_job returns that first answer:
     * on QPL a device, accel-config or work queue set up after the first probe is seen only after
     * a restart.
     */
    public static IaaEngine open(String library, boolean verify, boolean prependEmptyBlock, int maxContexts,
                                 int maxBufferBytes) {
        int path = VendorSoftwarePaths.enabled() ? QplNatives.PATH_SOFTWARE : QplNatives.PATH_HARDWARE;
        EngineStatus bound = NativeBinding.bind(QplNatives.class, library, INSTALL_HINT);
        Probe probe = !bound.isAvailable() ? new Probe(bound, 0)
                : ProbeOnce.of(NAME + ":" + bound.detail() + ":" + path, () -> probe(bound, path),
                        p -> p.status.isAvailable());
        return new IaaEngine(probe, verify, prependEmptyBlock, maxContexts, maxBufferBytes, path);
    }

    private static Probe probe(EngineStatus bound, int path) {
        String version = QplNatives.qpl_get_library_version();
        if (!supported(version)) {
            return new Probe(EngineStatus.unavailable(bound.detail() + " is QPL " + version + ", whose qpl_job layout"
                    + " this agent was not checked against (it takes QPL " + String.join(", ", QplNatives.SUPPORTED_VERSIONS)
                    + ")"), 0);
        }
        try {
            NativeMemoryMeter meter = new NativeMemoryMeter();
            IaaContext job = new IaaContext(meter, path);
            long jobBytes = meter.bytes();
            job.free();
            String how = path == QplNatives.PATH_SOFTWARE
                    ? "QPL's software path (test mode, " + VendorSoftwarePaths.PROPERTY + ")" : "hardware path";
            return new Probe(EngineStatus.available(bound.detail() + ", QPL " + version + ", " + how), jobBytes);
        } catch (ContextSetupException e) {
            return new Probe(EngineStatus.unavailable(IaaDiagnosis.of(e.getMessage(), e.code())), 0);
        }
    }

    /** Whether "major.minor.patch" is a release whose layout was checked. */
    static boolean supported(String version) {
        if (version == null) {
            return false;
        }
        for (String v : QplNatives.SUPPORTED_VERSIONS) {
            if (version.startsWith(v + ".")) {
                return true;
            }
        }
        return false;
    }

    /** The QPL job size the device probe reported (the same for every job of a process). */
    @Override
    protected long stateBytes(boolean compress) {
        return probedJobBytes;
    }

    @Override
    protected IaaContext newCompressContext(NativeMemoryMeter meter) {
        return new IaaContext(meter, path);
    }

    @Override
    protected IaaContext newDecompressContext(NativeMemoryMeter meter) {
        return new IaaContext(meter, path);
    }

    @Override
    protected int compressNative(IaaContext c, long src, int srcLength, long dst, int dstCapacity) {
        int prefix = prependEmptyBlock ? EMPTY_STORED_BLOCK.length : 0;
        if (srcLength == 0 || srcLength > MAX_TRANSFER) {
            // QPL takes no empty job (QPL_STS_SIZE_ERR).
            return FallbackReason.INPUT_NOT_ACCEPTED.code();
        }
        int bound = DeflateBound.of(srcLength);
        // QPL 1.6 answers an output of a byte or two with QPL_STS_OK and nothing written: ask
        // only with the room Cassandra always gives, zlib's deflateBound.
        if (dstCapacity < bound) {
            return FallbackReason.OUTPUT_TOO_SMALL.code();
        }
        int capacity = Math.min(bound - prefix, MAX_TRANSFER);
        // With the marker, QPL writes 5 bytes further on; the header is then moved back in front.
        int rc = execute(c, QplNatives.OP_COMPRESS,
                QplNatives.FLAG_FIRST | QplNatives.FLAG_LAST | QplNatives.FLAG_ZLIB_MODE
                        | QplNatives.FLAG_DYNAMIC_HUFFMAN | QplNatives.FLAG_OMIT_VERIFY,
                src, srcLength, dst + prefix, capacity);
        if (rc != QplNatives.STS_OK) {
            c.discardAfterCall();
            return failure(rc);
        }
        int n = c.fields.getInt(QplNatives.JOB_TOTAL_OUT);
        if (n <= ZlibFrame.HEADER_BYTES || n > capacity) {
            return FallbackReason.BAD_OUTPUT.code();
        }
        if (prefix > 0) {
            ByteBuffer out = c.output.contents(prefix + n); // the block at dst
            out.put(0, out.get(prefix));
            out.put(1, out.get(prefix + 1));
            for (int i = 0; i < EMPTY_STORED_BLOCK.length; i++) {
                out.put(ZlibFrame.HEADER_BYTES + i, EMPTY_STORED_BLOCK[i]);
            }
            n += prefix;
        }
        if (n > bound) {
            return FallbackReason.OUTPUT_TOO_SMALL.code();
        }
        if (verify && !c.check.compressedMatches(c.output, n, c.input, srcLength)) {
            return FallbackReason.BAD_OUTPUT.code();
        }
        return n;
    }

    @Override
    protected int decompressNative(IaaContext c, long src, int srcLength, long dst, int dstCapacity,
                                   int header, int trailer) {
        if ((header >>> 12) > 4) {
            return FallbackReason.INPUT_NOT_ACCEPTED.code(); // window over 4 KiB: IAA cannot decode it
        }
        if (srcLength > MAX_TRANSFER) {
            return FallbackReason.INPUT_NOT_ACCEPTED.code();
        }
        if (dstCapacity == 0) {
            return FallbackReason.OUTPUT_TOO_SMALL.code(); // QPL decodes nothing into no room, and says OK
        }
        int capacity = Math.min(dstCapacity, MAX_TRANSFER);
        int rc = execute(c, QplNatives.OP_DECOMPRESS,
                QplNatives.FLAG_FIRST | QplNatives.FLAG_LAST | QplNatives.FLAG_ZLIB_MODE,
                src, srcLength, dst, capacity);
        if (rc != QplNatives.STS_OK) {
            c.discardAfterCall();
            return failure(rc);
        }
        int n = c.fields.getInt(QplNatives.JOB_TOTAL_OUT);
        // QPL does not check the Adler-32, and stops at the end of the last block: a stream with
        // bytes between its last block and its trailer decodes "fine", where stock throws. Its
        // total_in then falls short of the trailer. (On whole streams total_in is the stream's
        // length, or stops at or just inside the trailer: its bit reader reads ahead.)
        if (c.fields.getInt(QplNatives.JOB_TOTAL_IN) < srcLength - ZlibFrame.TRAILER_BYTES) {
            return FallbackReason.CORRUPT_INPUT.code();
        }
        if (n < 0 || n > capacity || !c.check.adler32Matches(c.output, n, trailer)) {
            return FallbackReason.BAD_OUTPUT.code();
        }
        return n;
    }

    /**
     * Runs one job on a freshly initialised qpl_job, retrying a few times while the device queues
     * are busy. QPL 1.6 keeps the running Adler-32 of a zlib stream inside the job and starts the
     * next compression from it even with QPL_FLAG_FIRST (compressor.cpp passes
     * job::get_adler32(job) to zlib_decorator::wrap): a reused job writes a wrong trailer, which
     * stock Cassandra rejects on read. Re-initialising costs about 6 us on the software path.
     */
    private int execute(IaaContext c, int op, int flags, long src, int srcLength, long dst, int dstCapacity) {
        int rc = c.reinitialise(path);
        if (rc != QplNatives.STS_OK) {
            return rc;
        }
        rc = QplNatives.STS_QUEUES_ARE_BUSY;
        for (int attempt = 0; attempt <= BUSY_RETRIES && rc == QplNatives.STS_QUEUES_ARE_BUSY; attempt++) {
            ByteBuffer f = c.fields;
            f.putLong(QplNatives.JOB_NEXT_IN_PTR, src);
            f.putInt(QplNatives.JOB_AVAILABLE_IN, srcLength);
            f.putInt(QplNatives.JOB_TOTAL_IN, 0);
            f.putLong(QplNatives.JOB_NEXT_OUT_PTR, dst);
            f.putInt(QplNatives.JOB_AVAILABLE_OUT, dstCapacity);
            f.putInt(QplNatives.JOB_TOTAL_OUT, 0);
            f.putInt(QplNatives.JOB_OP, op);
            f.putInt(QplNatives.JOB_FLAGS, flags);
            f.putInt(QplNatives.JOB_LEVEL, QplNatives.LEVEL_DEFAULT);
            rc = QplNatives.qpl_execute_job(c.job);
        }
        return rc;
    }

    /** What a QPL status means to the router; package-private for IaaStatusTest. */
    static int failure(int rc) {
        switch (rc) {
            case QplNatives.STS_MORE_OUTPUT_NEEDED:
                return FallbackReason.OUTPUT_TOO_SMALL.code();
            case QplNatives.STS_QUEUES_ARE_BUSY:
                return FallbackReason.DEVICE_BUSY.code();
            case QplNatives.STS_BUFFER_TOO_LARGE:
            case QplNatives.STS_TRANSFER_SIZE_INVALID:
            case QplNatives.STS_BAD_DIST_ERR:
            case QplNatives.STS_INFLATE_NEED_DICT:
                return FallbackReason.INPUT_NOT_ACCEPTED.code();
            case QplNatives.STS_MORE_INPUT_NEEDED:
            case QplNatives.STS_ARCHIVE_HEADER_ERR:
                return FallbackReason.CORRUPT_INPUT.code();
            default:
                // 200-299 are QPL's operation errors: what it found wrong in the data.
                return rc >= QplNatives.STS_OPERATION_ERROR_BASE && rc < QplNatives.STS_OPERATION_STATUS_BASE
                        ? FallbackReason.CORRUPT_INPUT.code() : FallbackReason.NATIVE_ERROR.code();
        }
    }
}
