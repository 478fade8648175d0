package dev.deflateaccel.lab.node;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * How fast this machine inflates right now: the thread CPU time of one 16 KiB chunk's
 * decompression with java.util.zip (the system zlib on this JDK, the library stock's reads call),
 * always the same chunk, in the lab's own JVM while the load client is stopped (a compaction may
 * still run on the node).
 *
 * <p>Why: a VM's host is shared, and its neighbours' load is invisible from inside (this VM
 * reports no steal). In one codec-share run stock's decompression cost between 77.6 and 99.9 us
 * per call across three repetitions on the same chunks
 * (lab/node-results/20261205-180616-codec-share.md). A window's figures can only be compared with
 * another run's if the machine was as fast in both; the probe, taken just before and after each
 * window, says whether it was.
 */
final class InflateProbe {

    private static final int CHUNK = 16 * 1024;
    /** Batches of at least this much CPU each; the first is the JIT's warm-up and not counted. */
    private static final long BATCH_NANOS = 150_000_000L;
    private static final int BATCHES = 8;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final byte[] STREAM = deflate(text());

    private InflateProbe() {
    }

    /** The median over the counted batches of CPU microseconds per chunk inflated (about 1.2 s of one core). */
    static double microsPerCall() {
        byte[] out = new byte[CHUNK];
        double[] perCall = new double[BATCHES - 1];
        Inflater inflater = new Inflater();
        try {
            for (int b = 0; b < BATCHES; b++) {
                long start = THREADS.getCurrentThreadCpuTime();
                long calls = 0;
                long spent;
                do {
                    inflater.reset();
                    inflater.setInput(STREAM);
                    if (inflater.inflate(out) != CHUNK) {
                        throw new IllegalStateException("the probe's chunk did not inflate to its length");
                    }
                    calls++;
                    spent = THREADS.getCurrentThreadCpuTime() - start;
                } while (spent < BATCH_NANOS);
                if (b > 0) {
                    perCall[b - 1] = spent / 1e3 / calls;
                }
            }
        } catch (DataFormatException e) {
            throw new IllegalStateException(e);
        } finally {
            inflater.end();
        }
        Arrays.sort(perCall);
        return perCall[perCall.length / 2];
    }

    /** Words drawn from a small vocabulary with a fixed seed: text that deflates about as row data does. */
    private static byte[] text() {
        String[] words = {"cassandra", "partition", "compaction", "sstable", "row", "value", "42", "token",
            "memtable", "chunk", "keyspace", "node", "read", "write", "2026-12-05", "deflate"};
        Random random = new Random(43);
        StringBuilder s = new StringBuilder();
        while (s.length() < CHUNK) {
            s.append(words[random.nextInt(words.length)]).append(random.nextInt(1000)).append(' ');
        }
        return Arrays.copyOf(s.toString().getBytes(StandardCharsets.US_ASCII), CHUNK);
    }

    /** Deflated as Cassandra's DeflateCompressor does: zlib format, the default level. */
    private static byte[] deflate(byte[] data) {
        Deflater deflater = new Deflater();
        deflater.setInput(data);
        deflater.finish();
        byte[] buffer = new byte[2 * CHUNK];
        int n = deflater.deflate(buffer);
        deflater.end();
        return Arrays.copyOf(buffer, n);
    }
}
