package dev.deflateaccel.agent;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

import javax.management.MBeanServer;
import javax.management.ObjectName;

import dev.deflateaccel.bridge.TestData;

/**
 * Runs in a JVM started with {@code -javaagent:deflate-accel-agent.jar=...} and Cassandra 5.0's
 * class path (as {@link AgentSmokeMain}), on another architecture's JVM too: through the real,
 * woven DeflateCompressor,
 * <ol>
 * <li>interop with stock zlib both ways at every size from 1 to 64 KiB, with heap, direct and
 *     file-mapped input: what the engine writes, {@link Inflater} reads; what {@link Deflater}
 *     writes, the engine reads; the engine must serve every one of these calls;</li>
 * <li>Cassandra's CompressorTest ({@link CassandraCompressorContract});</li>
 * <li>8 threads sharing one compressor, each round trip checked against java.util.zip.</li>
 * </ol>
 * Then JMX must show no Throwable caught anywhere. Argument: the engine expected to serve the
 * calls, and a work directory for the mapped files. Exit status 0 when all of it holds.
 */
public final class WovenInteropMain {
    static final int THREADS = 8;
    private static final int CHUNKS_PER_THREAD = 40;

    private WovenInteropMain() {
    }

    /**
     * {@code ENGINE WORK [THREADS]}: with a thread count, the threads may outnumber the engine's
     * contexts, so a call may find them all busy and go to the next engine; every result is still
     * checked. IAA decodes only 4 KiB-window streams, so stock zlib's go to the next engine.
     */
    public static void main(String[] args) throws Exception {
        String engine = args[0];
        Path work = Paths.get(args[1]);
        int threads = args.length > 2 ? Integer.parseInt(args[2]) : THREADS;
        boolean decodesStockStreams = !engine.equals("iaa");
        Files.createDirectories(work);
        DeflateCompressorCalls c = new DeflateCompressorCalls(WovenInteropMain.class.getClassLoader());
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();

        long compressBefore = operations(server, engine, "compress");
        long decompressBefore = operations(server, engine, "decompress");
        int calls = 0;
        for (int kib = 1; kib <= 64; kib++) {
            byte[] data = TestData.cassandraLikeRows(kib << 10, kib);
            for (String kind : Arrays.asList("heap", "direct", "mapped")) {
                engineToZlib(c, data, kind, work);
                zlibToEngine(c, data, kind, work);
                calls++;
            }
        }
        long compressServed = operations(server, engine, "compress") - compressBefore;
        long decompressServed = operations(server, engine, "decompress") - decompressBefore;
        System.out.println("INTEROP " + engine + " 1-64 KiB heap/direct/mapped: " + calls + " calls each way, served "
                + compressServed + " compress, " + decompressServed + " decompress");
        check(compressServed == calls && decompressServed == (decodesStockStreams ? calls : 0),
                engine + " did not serve every interop call it takes");

        int contractCalls = new CassandraCompressorContract(c, work).run();
        System.out.println("COMPRESSORTEST " + contractCalls + " checks passed");

        long threadsBefore = operations(server, engine, "compress");
        roundTripsOnThreads(c, threads);
        long threadServed = operations(server, engine, "compress") - threadsBefore;
        System.out.println("THREADS " + threads + " x " + CHUNKS_PER_THREAD + " round trips, " + threadServed
                + " compress calls served by " + engine);
        check(args.length > 2 ? threadServed > 0 : threadServed == threads * CHUNKS_PER_THREAD,
                engine + " did not serve the threaded calls");

        long unexpected = 0;
        for (ObjectName n : server.queryNames(new ObjectName("dev.deflateaccel:type=EngineStatistics,*"), null)) {
            unexpected += (Long) server.getAttribute(n, "FallbacksUnexpectedException");
        }
        System.out.println("UNEXPECTED " + unexpected);
        check(unexpected == 0, "Throwables were caught and counted");
        System.out.println("ALL-OK");
    }

    /** The engine compresses from {@code kind} input; stock zlib must read it back. */
    private static void engineToZlib(DeflateCompressorCalls c, byte[] data, String kind, Path work) throws IOException {
        ByteBuffer in = buffer(kind, data, work);
        ByteBuffer out = kind.equals("heap") ? ByteBuffer.allocate(c.initialCompressedBufferLength(data.length))
                : ByteBuffer.allocateDirect(c.initialCompressedBufferLength(data.length));
        c.compress(in, out);
        out.flip();
        byte[] stream = new byte[out.remaining()];
        out.get(stream);
        check(Arrays.equals(data, inflate(stream, data.length)), "zlib does not read back " + data.length
                + " bytes compressed from " + kind);
    }

    /** Stock zlib compresses; the engine decompresses from {@code kind} input. */
    private static void zlibToEngine(DeflateCompressorCalls c, byte[] data, String kind, Path work) throws IOException {
        ByteBuffer in = buffer(kind, TestData.zlibCompress(data), work);
        ByteBuffer out = kind.equals("heap") ? ByteBuffer.allocate(data.length) : ByteBuffer.allocateDirect(data.length);
        c.uncompress(in, out);
        check(out.position() == data.length, "uncompress from " + kind + " wrote " + out.position() + " of " + data.length);
        out.flip();
        byte[] back = new byte[data.length];
        out.get(back);
        check(Arrays.equals(data, back), "the engine does not read back zlib's " + data.length + " bytes from " + kind);
    }

    private static void roundTripsOnThreads(DeflateCompressorCalls c, int threads) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                done.add(pool.submit(() -> {
                    for (int i = 0; i < CHUNKS_PER_THREAD; i++) {
                        byte[] chunk = TestData.cassandraLikeRows(16 << 10, thread * 1000L + i);
                        byte[] out = new byte[c.initialCompressedBufferLength(chunk.length)];
                        int n = c.compressArray(chunk, 0, chunk.length, out, 0, out.length);
                        byte[] stream = Arrays.copyOf(out, n);
                        check(Arrays.equals(chunk, inflate(stream, chunk.length)), "thread " + thread + " chunk " + i);
                        byte[] back = new byte[chunk.length];
                        int m = c.uncompress(stream, 0, n, back, 0);
                        check(m == chunk.length && Arrays.equals(chunk, back), "thread " + thread + " chunk " + i + " back");
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
    }

    /** {@code content} in a heap, direct or read-only mapped buffer, position 0, limit at its end. */
    private static ByteBuffer buffer(String kind, byte[] content, Path work) throws IOException {
        switch (kind) {
            case "heap":
                return ByteBuffer.wrap(content);
            case "direct":
                ByteBuffer direct = ByteBuffer.allocateDirect(content.length).put(content);
                direct.flip();
                return direct;
            default:
                Path file = Files.createTempFile(work, "mapped", ".bin");
                Files.write(file, content);
                try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
                    return ch.map(FileChannel.MapMode.READ_ONLY, 0, content.length);
                } finally {
                    Files.delete(file); // the mapping stays valid
                }
        }
    }

    private static byte[] inflate(byte[] stream, int expected) {
        Inflater inf = new Inflater();
        try {
            inf.setInput(stream);
            byte[] b = new byte[expected + 1];
            int n = inf.inflate(b);
            return inf.finished() && inf.getRemaining() == 0 ? Arrays.copyOf(b, n) : null;
        } catch (DataFormatException e) {
            return null;
        } finally {
            inf.end();
        }
    }

    private static long operations(MBeanServer server, String engine, String direction) throws Exception {
        return (Long) server.getAttribute(new ObjectName("dev.deflateaccel:type=EngineStatistics,engine=" + engine
                + ",direction=" + direction), "Operations");
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }
}
