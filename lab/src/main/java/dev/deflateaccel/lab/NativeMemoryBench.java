package dev.deflateaccel.lab;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import dev.deflateaccel.bridge.engine.DeflateEngine;
import dev.deflateaccel.bridge.engine.IgzipEngine;
import dev.deflateaccel.bridge.engine.LibdeflateEngine;
import dev.deflateaccel.bridge.engine.ZlibEngine;
import dev.deflateaccel.sample.RowBytes;

/**
 * Native memory under many threads, as counted by the bridge and as the kernel sees it: for each
 * CPU engine, 256 threads compress and decompress Cassandra-like 16 KiB chunks (and now and then
 * a 1 MiB one) for a few seconds; prints the engine's counted peak, its stated bound and the
 * process RSS (VmRSS, VmHWM) before and after. RSS is reported, not asserted: NMT does not see
 * malloc, and glibc keeps freed arenas.
 *
 * <pre>java -cp lab/target/deflate-accel-lab.jar:lab/target/lib/* dev.deflateaccel.lab.NativeMemoryBench [seconds] [threads]</pre>
 */
public final class NativeMemoryBench {
    private static final int CONTEXTS = 8;
    private static final int MAX_BUFFER = 1 << 20;

    private NativeMemoryBench() {
    }

    public static void main(String[] args) throws Exception {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        int threads = args.length > 1 ? Integer.parseInt(args[1]) : 256;
        byte[] rows = RowBytes.generate(8 << 20, Datasets.GENERATED_SEED);
        List<byte[]> chunks = new ArrayList<>();
        for (int off = 0; off + (16 << 10) <= rows.length; off += 16 << 10) {
            chunks.add(java.util.Arrays.copyOfRange(rows, off, off + (16 << 10)));
        }
        chunks.add(java.util.Arrays.copyOf(rows, 1 << 20));
        System.out.printf("%d threads, %d s per engine, max_native_contexts %d, max_native_buffer_kb %d%n",
                threads, seconds, CONTEXTS, MAX_BUFFER >> 10);
        System.out.printf("%-22s %12s %12s %12s %12s %12s%n", "engine", "peak MiB", "bound MiB", "held MiB",
                "RSS MiB", "HWM MiB");
        for (DeflateEngine engine : List.of(
                LibdeflateEngine.open(LibdeflateEngine.DEFAULT_LIBRARY, 6, CONTEXTS, MAX_BUFFER),
                LibdeflateEngine.open(LibdeflateEngine.DEFAULT_LIBRARY, 12, CONTEXTS, MAX_BUFFER),
                IgzipEngine.open(IgzipEngine.DEFAULT_LIBRARY, 1, CONTEXTS, MAX_BUFFER),
                new ZlibEngine(CONTEXTS))) {
            if (!engine.status().isAvailable()) {
                System.out.println(engine.name() + ": " + engine.status());
                continue;
            }
            hammer(engine, chunks, threads, seconds);
            long peak = engine.nativeMemory(true).peakBytes() + engine.nativeMemory(false).peakBytes();
            long bound = engine.nativeBytesBound(true) + engine.nativeBytesBound(false);
            long held = engine.nativeMemory(true).bytes() + engine.nativeMemory(false).bytes();
            System.out.printf("%-22s %12.1f %12.1f %12.1f %12.1f %12.1f%n", engine.name() + " " + engine.status().detail()
                    .replaceAll(".*level ", "L"), mib(peak), mib(bound), mib(held), mib(procStatus("VmRSS")),
                    mib(procStatus("VmHWM")));
            engine.close();
        }
    }

    private static void hammer(DeflateEngine engine, List<byte[]> chunks, int threads, int seconds) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        List<Future<?>> futures = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int start = t;
            futures.add(pool.submit(() -> {
                int i = start % chunks.size();
                // Per-thread buffers, sized for the largest chunk: the heap is not what is measured.
                byte[] out = new byte[(1 << 20) + (1 << 17)];
                byte[] back = new byte[1 << 20];
                while (System.nanoTime() < deadline) {
                    byte[] c = chunks.get(i);
                    int n = engine.compress(c, 0, c.length, out, 0, out.length);
                    if (n > 0) {
                        engine.decompress(out, 0, n, back, 0, c.length);
                    }
                    i = (i + 31) % chunks.size();
                }
                return null;
            }));
        }
        for (Future<?> f : futures) {
            f.get();
        }
        pool.shutdown();
    }

    private static double mib(long bytes) {
        return bytes / (1024.0 * 1024.0);
    }

    /** A "kB" line of /proc/self/status, in bytes; -1 off Linux. */
    private static long procStatus(String key) throws IOException {
        for (String line : Files.readAllLines(Paths.get("/proc/self/status"), StandardCharsets.ISO_8859_1)) {
            if (line.startsWith(key + ":")) {
                return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
            }
        }
        return -1;
    }
}
