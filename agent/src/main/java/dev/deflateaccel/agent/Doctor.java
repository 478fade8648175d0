package dev.deflateaccel.agent;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

import dev.deflateaccel.bridge.SampleRows;
import dev.deflateaccel.bridge.config.AccelConfig;
import dev.deflateaccel.bridge.config.ConfigFile;
import dev.deflateaccel.bridge.config.ConfigKey;
import dev.deflateaccel.bridge.engine.DeflateEngine;
import dev.deflateaccel.bridge.engine.IaaEngine;
import dev.deflateaccel.bridge.engine.IgzipEngine;
import dev.deflateaccel.bridge.engine.LibdeflateEngine;
import dev.deflateaccel.bridge.engine.QatEngine;
import dev.deflateaccel.bridge.engine.ZlibEngine;

/**
 * {@code java -jar deflate-accel-agent.jar doctor [config=PATH]}: what this host and config
 * would give Cassandra. Every CPU engine is probed and self-tested (enabled or not) on the
 * built-in sample in 16 KiB chunks, Cassandra's default chunk size; every result is checked
 * against plain java.util.zip. Exit status 1 when an enabled engine is unavailable or fails.
 */
final class Doctor {
    private static final int SAMPLE_BYTES = 4 << 20;
    private static final int CHUNK = 16 << 10;
    private static final long MEASURE_NANOS = 600_000_000L;

    private final PrintStream out;

    Doctor(PrintStream out) {
        this.out = out;
    }

    int run(Path configPath) {
        out.println("deflate-accel doctor");
        out.println("JVM: " + System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version")
                + " (" + System.getProperty("java.vendor") + "), " + System.getProperty("os.name") + " "
                + System.getProperty("os.arch") + ", " + Runtime.getRuntime().availableProcessors() + " CPUs");
        AccelConfig config = ConfigFile.read(configPath);
        out.println();
        if (config.refusal() != null) {
            // The agent would weave nothing with this file, so probing engines on defaults
            // would describe a node that will not exist.
            out.println("Config: REFUSED: " + config.refusal());
            out.println("  The agent leaves DeflateCompressor stock with this file.");
            out.println();
            out.println("Result: PROBLEMS (see above)");
            return 1;
        }
        out.println("Config: " + config.source());
        for (String line : config.toString().split("\n")) {
            out.println("  " + line);
        }
        for (String w : config.warnings()) {
            out.println("  WARNING " + w);
        }
        for (String n : config.notices()) {
            out.println("  NOTE " + n);
        }

        List<DeflateEngine> engines = openAll(config);
        out.println();
        out.println("Engines (routing order):");
        boolean healthy = true;
        for (DeflateEngine e : engines) {
            boolean enabled = enabled(config, e.name());
            out.printf("  %-11s %-8s %s%n", e.name(), enabled ? "enabled" : "disabled", e.status());
            // QAT is on by default (zlib-accel's default); a host without it is not a problem
            // unless the operator asked for it.
            boolean required = enabled && (!e.name().equals(QatEngine.NAME)
                    || config.isSet(ConfigKey.USE_QAT_COMPRESS) || config.isSet(ConfigKey.USE_QAT_UNCOMPRESS));
            healthy &= !required || e.status().isAvailable();
        }

        byte[] sample = SampleRows.generate(SAMPLE_BYTES, 20261130L);
        out.println();
        out.printf("Self-test: %d KiB built-in sample in %d KiB chunks, one thread, checked against java.util.zip%n",
                SAMPLE_BYTES >> 10, CHUNK >> 10);
        out.printf("  %-11s %-10s %7s %15s %17s%n", "engine", "round-trip", "ratio", "compress MB/s", "decompress MB/s");
        for (DeflateEngine e : engines) {
            if (!e.status().isAvailable()) {
                continue;
            }
            SelfTest r = selfTest(e, sample);
            out.printf("  %-11s %-10s %7.3f %15.1f %17.1f%n", e.name(), r.ok ? "OK" : "FAILED", r.ratio,
                    r.compressMBps, r.decompressMBps);
            if (!r.ok) {
                out.println("    " + r.problem);
                healthy = false;
            }
            e.close();
        }
        out.println();
        out.println(healthy ? "Result: OK" : "Result: PROBLEMS (see above)");
        return healthy ? 0 : 1;
    }

    private static List<DeflateEngine> openAll(AccelConfig config) {
        int contexts = 4;
        int maxBuffer = config.intValue(ConfigKey.MAX_NATIVE_BUFFER_KB) * 1024;
        boolean verify = config.enabled(ConfigKey.VERIFY_ACCELERATOR_OUTPUT);
        List<DeflateEngine> list = new ArrayList<>();
        list.add(QatEngine.open(orDefault(config.text(ConfigKey.QAT_LIBRARY), QatEngine.DEFAULT_LIBRARY),
                config.intValue(ConfigKey.QAT_COMPRESSION_LEVEL), config.enabled(ConfigKey.QAT_PERIODICAL_POLLING),
                verify, contexts, maxBuffer));
        list.add(IaaEngine.open(orDefault(config.text(ConfigKey.IAA_LIBRARY), IaaEngine.DEFAULT_LIBRARY), verify,
                config.enabled(ConfigKey.IAA_PREPEND_EMPTY_BLOCK), contexts, maxBuffer));
        list.add(IgzipEngine.open(orDefault(config.text(ConfigKey.IGZIP_LIBRARY), IgzipEngine.DEFAULT_LIBRARY),
                config.intValue(ConfigKey.IGZIP_COMPRESSION_LEVEL), contexts, maxBuffer));
        list.add(LibdeflateEngine.open(orDefault(config.text(ConfigKey.LIBDEFLATE_LIBRARY), LibdeflateEngine.DEFAULT_LIBRARY),
                config.intValue(ConfigKey.LIBDEFLATE_COMPRESSION_LEVEL), contexts, maxBuffer));
        list.add(new ZlibEngine(contexts));
        return list;
    }

    private static boolean enabled(AccelConfig config, String engine) {
        switch (engine) {
            case QatEngine.NAME:
                return config.enabled(ConfigKey.USE_QAT_COMPRESS) || config.enabled(ConfigKey.USE_QAT_UNCOMPRESS);
            case IaaEngine.NAME:
                return config.enabled(ConfigKey.USE_IAA_COMPRESS) || config.enabled(ConfigKey.USE_IAA_UNCOMPRESS);
            case IgzipEngine.NAME:
                return config.enabled(ConfigKey.USE_IGZIP_COMPRESS) || config.enabled(ConfigKey.USE_IGZIP_UNCOMPRESS);
            case LibdeflateEngine.NAME:
                return config.enabled(ConfigKey.USE_LIBDEFLATE_COMPRESS) || config.enabled(ConfigKey.USE_LIBDEFLATE_UNCOMPRESS);
            default:
                return config.enabled(ConfigKey.USE_ZLIB_COMPRESS) || config.enabled(ConfigKey.USE_ZLIB_UNCOMPRESS);
        }
    }

    private static String orDefault(String value, String fallback) {
        return value.isEmpty() ? fallback : value;
    }

    private static final class SelfTest {
        boolean ok = true;
        String problem;
        double ratio;
        double compressMBps;
        double decompressMBps;
    }

    private static SelfTest selfTest(DeflateEngine engine, byte[] sample) {
        SelfTest r = new SelfTest();
        int chunks = (sample.length + CHUNK - 1) / CHUNK;
        byte[][] compressed = new byte[chunks][];
        long compressedBytes = 0;
        byte[] out = new byte[CHUNK + CHUNK / 8 + 64];
        byte[] back = new byte[CHUNK];
        for (int i = 0; i < chunks; i++) {
            int off = i * CHUNK;
            int len = Math.min(CHUNK, sample.length - off);
            int n = engine.compress(sample, off, len, out, 0, out.length);
            if (n < 0) {
                return failed(r, "compress of chunk " + i + " failed: " + n);
            }
            compressed[i] = Arrays.copyOf(out, n);
            compressedBytes += n;
            byte[] original = Arrays.copyOfRange(sample, off, off + len);
            if (!Arrays.equals(original, inflate(compressed[i], len))) {
                return failed(r, "java.util.zip does not read back chunk " + i);
            }
            int m = engine.decompress(compressed[i], 0, n, back, 0, back.length);
            if (m != len || !Arrays.equals(original, Arrays.copyOf(back, m))) {
                return failed(r, "engine does not read back its own chunk " + i + " (" + m + ")");
            }
        }
        r.ratio = (double) sample.length / compressedBytes;
        r.compressMBps = measure(() -> {
            for (int i = 0; i < chunks; i++) {
                int off = i * CHUNK;
                engine.compress(sample, off, Math.min(CHUNK, sample.length - off), out, 0, out.length);
            }
        }, sample.length);
        r.decompressMBps = measure(() -> {
            for (byte[] c : compressed) {
                engine.decompress(c, 0, c.length, back, 0, back.length);
            }
        }, sample.length);
        return r;
    }

    private static SelfTest failed(SelfTest r, String problem) {
        r.ok = false;
        r.problem = problem;
        return r;
    }

    /** Median MB/s (10^6 bytes) of passes after one warm-up pass, for about MEASURE_NANOS. */
    private static double measure(Runnable pass, long bytesPerPass) {
        pass.run();
        List<Double> rates = new ArrayList<>();
        long deadline = System.nanoTime() + MEASURE_NANOS;
        while (rates.size() < 3 || System.nanoTime() < deadline) {
            long t0 = System.nanoTime();
            pass.run();
            rates.add(bytesPerPass / 1e6 / ((System.nanoTime() - t0) / 1e9));
        }
        rates.sort(null);
        return rates.get(rates.size() / 2);
    }

    private static byte[] inflate(byte[] stream, int expected) {
        Inflater inf = new Inflater();
        try {
            inf.setInput(stream);
            byte[] b = new byte[expected + 1];
            int n = inf.inflate(b);
            return inf.finished() ? Arrays.copyOf(b, n) : null;
        } catch (DataFormatException e) {
            return null;
        } finally {
            inf.end();
        }
    }
}
