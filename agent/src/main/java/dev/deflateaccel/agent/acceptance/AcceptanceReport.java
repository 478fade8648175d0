package dev.deflateaccel.agent.acceptance;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import dev.deflateaccel.bridge.EngineDescriptor;
import dev.deflateaccel.bridge.EngineRegistry;
import dev.deflateaccel.bridge.config.AccelConfig;
import dev.deflateaccel.bridge.config.ConfigKey;

/**
 * Prints the acceptance as it runs, and ends with a verdict block an operator pastes into a
 * ticket: the host, the agent, the config, one line per engine, and one {@code Verdict:} line.
 */
final class AcceptanceReport {
    private static final String REFERENCE = "java.util.zip (stock)";
    /** The chunk size the "vs stock" column compares at: Cassandra's default. */
    private static final int COMPARED_CHUNK = 16 << 10;

    private final PrintStream out;
    private final String agentVersion;
    private ChunkSpeed[] reference;

    AcceptanceReport(PrintStream out, String agentVersion) {
        this.out = out;
        this.agentVersion = agentVersion;
    }

    void title() {
        out.println("deflate-accel " + agentVersion + " doctor --acceptance");
    }

    void config(AccelConfig config) {
        out.println();
        out.println("Config: " + config.source());
        config.warnings().forEach(w -> out.println("  WARNING " + w));
        config.notices().forEach(n -> out.println("  NOTE " + n));
        out.println();
        out.println("Conformance: every available engine, enabled or not, against java.util.zip. Inputs of "
                + CrossDecodeChecks.SIZES_KIB[0] + "-" + CrossDecodeChecks.SIZES_KIB[CrossDecodeChecks.SIZES_KIB.length - 1]
                + " KiB (sample rows, and random bytes) on heap arrays, direct buffers and mapped files; outputs exactly"
                + " as large as Cassandra's (deflateBound to compress, the chunk length to decompress), between guard bytes.");
    }

    void engine(EngineResult r) {
        out.println();
        if (!r.status.isAvailable()) {
            out.println(r.name + ": UNAVAILABLE: " + r.status.detail() + (r.askedFor
                    ? " (the config enables it: this FAILS the acceptance)" : " (not asked for by the config)"));
            return;
        }
        out.println(r.name + ": " + r.status.detail() + (r.enabled ? " (enabled)" : " (not enabled by the config)"));
        for (CheckResult c : r.checks) {
            out.printf("  %-20s %-4s %s%n", c.name, c.status() == CheckResult.Status.NOT_APPLICABLE ? "n/a" : c.status(),
                    c.summary());
        }
    }

    void speedHeading() {
        out.println();
        out.println("Speed, MB/s of uncompressed data, one thread, compress / decompress (median of rounds over"
                + " ~0.3 s, 1 MiB of sample rows; a rough figure, not a benchmark):");
        StringBuilder h = new StringBuilder(String.format("  %-22s", "engine"));
        for (int chunk : ChunkSpeed.CHUNKS) {
            h.append(String.format(" %17s", (chunk >> 10) + " KiB"));
        }
        out.println(h.append(String.format("   %s", "vs stock at " + (COMPARED_CHUNK >> 10) + " KiB")));
    }

    void referenceSpeed(ChunkSpeed[] speeds) {
        reference = speeds;
        row(REFERENCE, speeds);
    }

    void speed(String engine, ChunkSpeed[] speeds) {
        row(engine, speeds);
    }

    void notMeasured(String engine, String why) {
        out.printf("  %-22s %s%n", engine, why);
    }

    private void row(String name, ChunkSpeed[] speeds) {
        StringBuilder sb = new StringBuilder(String.format("  %-22s", name));
        List<String> declined = new ArrayList<>();
        for (ChunkSpeed s : speeds) {
            sb.append(s.declined == null ? String.format(" %8.1f / %6.1f", s.compressMBps, s.decompressMBps)
                    : String.format(" %17s", "declined"));
            if (s.declined != null) {
                declined.add(s.declined);
            }
        }
        int compared = indexOf(COMPARED_CHUNK);
        ChunkSpeed s = speeds[compared];
        if (reference != null && speeds != reference && s.declined == null && reference[compared].declined == null) {
            sb.append(String.format("   %.2fx / %.2fx", s.compressMBps / reference[compared].compressMBps,
                    s.decompressMBps / reference[compared].decompressMBps));
        }
        out.println(sb);
        if (!declined.isEmpty()) {
            out.println("  " + String.format("%22s", "") + " (" + String.join("; ", declined) + ")");
        }
    }

    private static int indexOf(int chunk) {
        for (int i = 0; i < ChunkSpeed.CHUNKS.length; i++) {
            if (ChunkSpeed.CHUNKS[i] == chunk) {
                return i;
            }
        }
        throw new IllegalStateException("no " + chunk + "-byte chunk measured");
    }

    /** The block to paste; returns the exit status (0 only when every engine that counts passed). */
    int verdict(AccelConfig config, List<EngineResult> results) {
        header(config.refusal() == null ? describe(config) : "REFUSED: " + config.refusal());
        if (config.refusal() != null) {
            out.println("  none tested: with this file the agent leaves DeflateCompressor stock");
            out.println("Verdict: FAIL (config refused)");
            return 1;
        }
        List<String> failures = new ArrayList<>();
        for (EngineResult r : results) {
            EngineResult.Verdict v = r.verdict();
            String detail = v == EngineResult.Verdict.FAIL ? r.why() + (r.status.isAvailable() ? "" : ": " + r.status.detail())
                    : r.status.detail();
            out.printf("  %-11s %-12s %s%n", r.name, v, detail);
            if (v == EngineResult.Verdict.FAIL) {
                failures.add(r.name + ": " + r.why());
            }
        }
        out.println(failures.isEmpty() ? "Verdict: PASS" : "Verdict: FAIL (" + String.join("; ", failures) + ")");
        return failures.isEmpty() ? 0 : 1;
    }

    private void header(String configLine) {
        out.println();
        out.println("== deflate-accel acceptance ==");
        out.println("Host:    " + HostFacts.cpu());
        out.println("Kernel:  " + HostFacts.kernel());
        out.println("JVM:     " + HostFacts.jvm());
        out.println("Agent:   deflate-accel " + agentVersion);
        out.println("Config:  " + configLine);
        out.println("Engines:");
    }

    /** The file, the keys it sets, and the engines it routes each direction to. */
    private static String describe(AccelConfig config) {
        List<String> set = new ArrayList<>();
        for (ConfigKey k : ConfigKey.values()) {
            if (config.isSet(k)) {
                set.add(k.key() + " = " + (k.isText() ? config.text(k) : String.valueOf(config.value(k))));
            }
        }
        String compress = EngineRegistry.ALL.stream().filter(d -> d.compresses(config)).map(EngineDescriptor::name)
                .collect(Collectors.joining(", "));
        String decompress = EngineRegistry.ALL.stream().filter(d -> d.decompresses(config)).map(EngineDescriptor::name)
                .collect(Collectors.joining(", "));
        return config.source() + (set.isEmpty() ? " (all defaults)" : " (sets " + String.join(", ", set) + ")")
                + (config.warnings().isEmpty() ? "" : ", " + config.warnings().size() + " warning(s) above")
                + "\n         compress: " + (compress.isEmpty() ? "none" : compress)
                + "; decompress: " + (decompress.isEmpty() ? "none" : decompress);
    }
}
