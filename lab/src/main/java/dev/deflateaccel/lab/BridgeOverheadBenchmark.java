package dev.deflateaccel.lab;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.TimeUnit;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import dev.deflateaccel.bridge.engine.QatEngine;

/**
 * What the bridge adds per call in front of an accelerator, measured on the QATzip DEVICE
 * EMULATOR in copy-only mode (it writes a stored-block zlib stream: a memcpy plus an Adler-32),
 * so that the device's own work is small and the same in both benchmarks:
 * <ul>
 * <li>{@code bridge}: QatEngine.compress from heap arrays, as the agent calls it (staging copy in
 *     and out, context pool, struct writes, one JNA call);</li>
 * <li>{@code bridgeDirect}: the same from direct buffers, copied in and out of the context's
 *     memory with ByteBuffer bulk get/put;</li>
 * <li>{@code emulatorOnly}: the same qzCompress on an identically set-up session, called through
 *     the same kind of direct-mapped JNA method, on data already in native memory.</li>
 * </ul>
 * Bridge overhead = bridge - emulatorOnly. Emulator numbers, never hardware results. Needs the
 * emulator built by native-bridge's tests: -Ddeflateaccel.emulators=native-bridge/target/emulators.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 2, jvmArgs = {"-Xms256m", "-Xmx256m"})
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 6, time = 1)
public class BridgeOverheadBenchmark {
    @Param({"4096", "16384", "65536"})
    public int size;

    private QatEngine engine;
    private byte[] input;
    private byte[] output;
    private ByteBuffer directIn;
    private ByteBuffer directOut;

    /** Direct-mapped like the engine's bindings, so the baseline pays the same JNA transition. */
    static final class Emulator {
        private Emulator() {
        }

        static native int qzCompress(long session, long src, long srcLen, long dest, long destLen, int last);
    }

    private long sessionAddress;
    private long inAddress;
    private long outAddress;
    private long lengthsAddress;
    private Memory session;
    private Memory nativeIn;
    private Memory nativeOut;
    private Memory lengths;

    @Setup
    public void setUp() {
        String library = emulator().toString();
        NativeLibrary lib = NativeLibrary.getInstance(library);
        if (lib.getFunction("qatzip_emulator_configure").invokeInt(new Object[] {"device=1,copy_only=1"}) != 0) {
            throw new IllegalStateException("emulator refused copy_only");
        }
        engine = QatEngine.open(library, 1, false, false, 4, 1 << 20);
        if (!engine.status().isAvailable()) {
            throw new IllegalStateException("QAT emulator unavailable: " + engine.status());
        }
        input = new byte[size];
        for (int i = 0; i < size; i++) {
            input[i] = (byte) (i * 31 + (i >> 7));
        }
        output = new byte[size + size / 8 + 1024];
        directIn = ByteBuffer.allocateDirect(size);
        directIn.put(input).clear();
        directOut = ByteBuffer.allocateDirect(output.length);

        // A session set up the way the engine does it, for the direct calls.
        session = new Memory(256);
        session.clear();
        Pointer params = session.share(64);
        check(lib.getFunction("qzInit").invokeInt(new Object[] {session, (byte) 0}), "qzInit");
        check(lib.getFunction("qzGetDefaultsDeflateExt").invokeInt(new Object[] {params}), "qzGetDefaultsDeflateExt");
        params.setInt(0, 2);        // direction: both
        params.setInt(4, 1);        // comp_lvl
        params.setInt(52, 3);       // data_fmt: QZ_DEFLATE_RAW
        params.setByte(57, (byte) 1); // zlib_format
        check(lib.getFunction("qzSetupSessionDeflateExt").invokeInt(new Object[] {session, params}), "setup");
        Native.register(Emulator.class, lib);
        nativeIn = new Memory(size);
        nativeIn.write(0, input, 0, size);
        nativeOut = new Memory(output.length);
        lengths = new Memory(8);
        sessionAddress = Pointer.nativeValue(session);
        inAddress = Pointer.nativeValue(nativeIn);
        outAddress = Pointer.nativeValue(nativeOut);
        lengthsAddress = Pointer.nativeValue(lengths);
    }

    private static void check(int rc, String what) {
        if (rc != 0 && rc != 1) {
            throw new IllegalStateException(what + " returned " + rc);
        }
    }

    private static Path emulator() {
        Path p = Paths.get(System.getProperty("deflateaccel.emulators", "native-bridge/target/emulators"))
                .resolve("libqatzip.so.3").toAbsolutePath();
        if (!Files.isRegularFile(p)) {
            throw new IllegalStateException(p + " missing: run native-bridge's tests first (they build it)");
        }
        return p;
    }

    @Benchmark
    public int bridge() {
        int n = engine.compress(input, 0, size, output, 0, output.length);
        if (n <= 0) {
            throw new IllegalStateException("compress declined: " + n);
        }
        return n;
    }

    /**
     * The same call from direct buffers (how Cassandra hands over mmap'ed or off-heap chunks).
     * The engine copies them in and out of its own memory with ByteBuffer bulk get/put instead of
     * passing their addresses to native code, so that a fault in a file mapping is an
     * InternalError rather than SIGBUS; this row shows what that copy costs.
     */
    @Benchmark
    public int bridgeDirect() {
        directIn.clear();
        directOut.clear();
        int n = engine.compress(directIn, directOut);
        if (n <= 0) {
            throw new IllegalStateException("compress declined: " + n);
        }
        return n;
    }

    @Benchmark
    public int emulatorOnly() {
        lengths.setInt(0, size);
        lengths.setInt(4, (int) nativeOut.size());
        int rc = Emulator.qzCompress(sessionAddress, inAddress, lengthsAddress, outAddress, lengthsAddress + 4, 1);
        if (rc != 0) {
            throw new IllegalStateException("qzCompress returned " + rc);
        }
        return lengths.getInt(4);
    }

    @TearDown
    public void tearDown() {
        engine.close();
    }
}
