package dev.deflateaccel.agent;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

import dev.deflateaccel.agent.acceptance.SpeedBudget;
import dev.deflateaccel.bridge.EngineDescriptor;
import dev.deflateaccel.bridge.EngineLimits;
import dev.deflateaccel.bridge.EngineRegistry;
import dev.deflateaccel.sample.RowBytes;
import dev.deflateaccel.bridge.config.AccelConfig;
import dev.deflateaccel.bridge.config.ConfigFile;
import dev.deflateaccel.bridge.engine.DeflateEngine;
import dev.deflateaccel.bridge.engine.TestedLibraries;

/**
 * {@code java -jar deflate-accel-agent.jar doctor [config=PATH]}: what this host and config
 * would give Cassandra. Every CPU engine is probed and self-tested (enabled or not) on the
 * built-in sample in 16 KiB chunks, Cassandra's default chunk size; every result is checked
 * against plain java.util.zip. Exit status 1 when an enabled engine is unavailable or fails.
 * With {@code --acceptance}, Main runs the longer hardware acceptance instead
 * ({@link dev.deflateaccel.agent.acceptance.AcceptanceRun}).
 */
final class Doctor {
    private static final int SAMPLE_BYTES = 4 << 20;
    private static final int CHUNK = 16 << 10;
    private static final long MEASURE_MILLIS = 600;

    private final PrintStream out;

    Doctor(PrintStream out) {
        this.out = out;
    }

    int run(Path configPath) {
        out.println("deflate-accel " + AgentVersion.get() + " doctor");
        out.println("JVM: " + System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version")
                + " (" + System.getProperty("java.vendor") + "), " + System.getProperty("os.name") + " "
                + System.getProperty("os.arch") + ", " + Runtime.getRuntime().availableProcessors() + " CPUs");
        // As the JVM names it (amd64, aarch64): the name the engines' platform rules are given.
        out.println("Architecture: " + System.getProperty("os.arch"));
        out.println(SupportStatement.SUMMARY);
        for (String line : CassandraOptionsFiles.describe(System.getenv(), CassandraOptionsFiles.PACKAGE_CONF)) {
            out.println(line);
        }
        // What an operator's ticket needs beside the file each engine loaded (its status below):
        // whether that build was one the project tested, and how an untested one is treated.
        out.println("Library builds tested, per engine:");
        for (String line : TestedLibraries.lines()) {
            out.println("  " + line);
        }
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

        EngineLimits limits = EngineLimits.from(config);
        List<DeflateEngine> engines = new ArrayList<>();
        out.println();
        out.println("Engines (routing order; " + limits.maxContexts() + " contexts per engine and direction, chunks up to "
                + (limits.maxBufferBytes() >> 10) + " KiB):");
        boolean healthy = true;
        for (EngineDescriptor d : EngineRegistry.ALL) {
            DeflateEngine e = d.open(config, limits);
            engines.add(e);
            out.printf("  %-11s %-8s %s%n", d.name(), d.enabled(config) ? "enabled" : "disabled", e.status());
            if (e.status().isAvailable()) {
                // The worst case on this host (the CPUs this JVM sees set the default context bound).
                for (boolean compress : new boolean[] {true, false}) {
                    out.printf("  %-11s %-10s native memory bound: %d MiB%n", d.name(),
                            compress ? "compress" : "decompress", mib(e.nativeBytesBound(compress)));
                }
            }
            // The node warns about exactly these (EngineChain): an enabled engine the operator
            // asked for that is not available. QAT on by default on a host without it is not.
            healthy &= !d.askedFor(config) || e.status().isAvailable();
        }

        byte[] sample = RowBytes.generate(SAMPLE_BYTES, 20261130L);
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

    private static long mib(long bytes) {
        return (bytes + (1 << 20) - 1) >> 20;
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

    /** Median MB/s (10^6 bytes) of passes after one warm-up pass, for about MEASURE_MILLIS ({@link SpeedBudget}). */
    private static double measure(Runnable pass, long bytesPerPass) {
        pass.run();
        List<Double> rates = new ArrayList<>();
        long deadline = System.nanoTime() + SpeedBudget.nanos(MEASURE_MILLIS);
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
