package dev.deflateaccel.agent;

import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.deflateaccel.bridge.AccelLog;
import dev.deflateaccel.bridge.DeflateBridge;
import dev.deflateaccel.bridge.config.AccelConfig;
import dev.deflateaccel.bridge.config.ConfigFile;
import dev.deflateaccel.bridge.engine.DeflateEngine;
import dev.deflateaccel.bridge.engine.FallbackReason;
import dev.deflateaccel.bridge.stats.EngineStatistics;
import net.bytebuddy.agent.ByteBuddyAgent;

/**
 * The forked JVM of the issue #8 tests, started by {@link ForkedSuiteRun} with {@code -ea} (as
 * Cassandra runs). For one suite and one engine configuration:
 * <ol>
 * <li>stock phase: for each cassandra-all version, loads the real DeflateCompressor in a fresh
 *     class loader, before anything is woven, and runs every case on it;</li>
 * <li>weaves as the agent does (DeflateBridge.create, CassandraRoute.install,
 *     DeflateCompressorInstrumentation.install);</li>
 * <li>woven phase: loads the class again in a new class loader (so it is woven as it loads)
 *     and runs the same cases;</li>
 * <li>prints every engine's statistics, UnexpectedException counts included.</li>
 * </ol>
 * Report lines on stdout start with {@code "R<TAB>"} and are tab-separated; the engine log goes to
 * stderr. The case about to run is kept in {@link ChildProgress} so that a crash names it.
 * Exit status: 0 when every case ran, 2 when the harness itself failed (a FATAL line says why);
 * anything else is a crash.
 *
 * <p>Arguments: {@code --suite=contract|mapped|fuzz|harness-check --engine=LABEL --progress=FILE
 * [--skip=FILE] [--only=CASE]... [--only-file=FILE] [--cases=N] [--work=DIR]}.
 */
public final class StockVersusWovenMain {
    static final String PREFIX = "R\t";
    /** The fuzzer prints at most this many differing cases (all are counted). */
    private static final int MAX_PRINTED_DIFFERENCES = 200;

    private StockVersusWovenMain() {
    }

    public static void main(String[] args) {
        try {
            run(Options.parse(args));
        } catch (Throwable t) {
            print("FATAL", t.toString().replace('\n', ' ').replace('\t', ' '));
            t.printStackTrace();
            System.out.flush();
            System.exit(2);
        }
        System.out.flush();
        System.exit(0);
    }

    static final class Options {
        String suite;
        String engine;
        Path progress;
        Path work;
        Set<String> skip = new HashSet<>();
        /** When not empty, only these cases run. */
        Set<String> only = new HashSet<>();
        int cases = -1;

        static Options parse(String[] args) throws IOException {
            Options o = new Options();
            for (String a : args) {
                int eq = a.indexOf('=');
                String key = eq < 0 ? a : a.substring(0, eq);
                String value = eq < 0 ? "" : a.substring(eq + 1);
                switch (key) {
                    case "--suite": o.suite = value; break;
                    case "--engine": o.engine = value; break;
                    case "--progress": o.progress = Paths.get(value); break;
                    case "--work": o.work = Paths.get(value); break;
                    case "--skip": o.skip.addAll(Files.readAllLines(Paths.get(value), StandardCharsets.UTF_8)); break;
                    case "--only": o.only.add(value); break;
                    case "--only-file": o.only.addAll(Files.readAllLines(Paths.get(value), StandardCharsets.UTF_8)); break;
                    case "--cases": o.cases = Integer.parseInt(value); break;
                    default: throw new IllegalArgumentException("unknown argument " + a);
                }
            }
            if (o.suite == null || o.engine == null || o.progress == null) {
                throw new IllegalArgumentException("--suite, --engine and --progress are required");
            }
            if (o.work == null) {
                o.work = o.progress.getParent();
            }
            return o;
        }

        boolean runs(String caseName) {
            return !only.isEmpty() ? only.contains(caseName) : !skip.contains(caseName);
        }
    }

    static ChildSuite suite(Options o) {
        switch (o.suite) {
            case "contract":
                return new ArgumentContractSuite();
            case "mapped":
                return new MappedBufferFaultSuite(o.work);
            case "fuzz":
                return new DecompressionFuzzSuite();
            case "harness-check":
                return new HarnessCheckSuite();
            default:
                throw new IllegalArgumentException("unknown suite " + o.suite);
        }
    }

    private static void run(Options o) throws Exception {
        EngineConfig engine = EngineConfig.byLabel(o.engine);
        engine.prepareChildJvm();
        AccelConfig config = ConfigFile.parse(engine.configLines(), "issue8-" + engine.label() + ".conf");
        if (!config.warnings().isEmpty()) {
            throw new IllegalStateException("the test config has warnings: " + config.warnings());
        }
        ChildSuite suite = suite(o);
        List<String> versions = suite.versions();
        try (ChildProgress progress = ChildProgress.create(o.progress)) {
            // ---- 1. stock: nothing is woven yet
            Map<String, Integer> counts = new LinkedHashMap<>();
            Map<String, List<String>> stock = new HashMap<>();
            for (String version : versions) {
                DeflateCompressorCalls calls = new DeflateCompressorCalls(CassandraJars.loader(version));
                List<String> outcomes = new ArrayList<>();
                long start = System.nanoTime();
                int i = 0;
                for (;; i++) {
                    if (o.cases >= 0 ? i >= o.cases : suite.budgetSpent(i, System.nanoTime() - start)) {
                        break;
                    }
                    ChildCase c = suite.caseAt(i);
                    if (c == null) {
                        break;
                    }
                    if (!o.runs(c.name())) {
                        outcomes.add(null);
                        continue;
                    }
                    progress.at("stock", version, i, c.name());
                    String outcome = CallOutcome.of(() -> c.run(calls));
                    if (suite.printsEveryOutcome()) {
                        print("STOCK", version, i, c.name(), outcome);
                    } else {
                        outcomes.add(outcome.intern());
                    }
                }
                counts.put(version, i);
                stock.put(version, outcomes);
                print("COUNT", version, i, (System.nanoTime() - start) / 1_000_000 + " ms");
            }

            // ---- 2. weave, as AgentInstaller does
            Instrumentation inst = ByteBuddyAgent.install();
            AccelLog log = AccelLog.to(System.err, AccelLog.INFO);
            DeflateBridge bridge = DeflateBridge.create(config, log);
            if (engine.engine() != null) {
                DeflateEngine e = bridge.engines().stream().filter(x -> x.name().equals(engine.engine())).findFirst()
                        .orElseThrow(() -> new IllegalStateException("engine " + engine.engine() + " was not opened"));
                if (!e.status().isAvailable()) {
                    throw new IllegalStateException("engine " + engine.engine() + " is not available: " + e.status());
                }
                print("ENGINE", e.name(), e.status().toString());
            }
            CassandraRoute.install(bridge);
            // Called by name: install returns a Byte Buddy type, which the shaded jar relocates, so
            // a direct call linked against target/classes fails on the shaded jar (Aarch64IT's children).
            DeflateCompressorInstrumentation.class.getDeclaredMethod("install", Instrumentation.class, AccelLog.class)
                    .invoke(null, inst, log);
            List<EngineStatistics> engineStats = new ArrayList<>();
            for (EngineStatistics s : bridge.statistics().all()) {
                if (!s.engine().equals(CassandraRoute.CASSANDRA)) {
                    engineStats.add(s);
                }
            }

            // ---- 3. woven: a new loader, so the class is woven as it loads
            for (String version : versions) {
                DeflateCompressorCalls calls = new DeflateCompressorCalls(CassandraJars.loader(version));
                List<String> outcomes = stock.get(version);
                long start = System.nanoTime();
                int differing = 0;
                int servedByEngine = 0;
                int ran = 0;
                for (int i = 0; i < counts.get(version); i++) {
                    ChildCase c = suite.caseAt(i);
                    if (!o.runs(c.name())) {
                        continue;
                    }
                    progress.at("woven", version, i, c.name());
                    long before = operations(engineStats);
                    long[] declinedBefore = fallbacks(engineStats);
                    String outcome = CallOutcome.of(() -> c.run(calls));
                    boolean byEngine = operations(engineStats) > before;
                    String servedBy = (byEngine ? engine.label() : CassandraRoute.CASSANDRA)
                            + declined(declinedBefore, fallbacks(engineStats));
                    ran++;
                    servedByEngine += byEngine ? 1 : 0;
                    if (suite.printsEveryOutcome()) {
                        print("WOVEN", version, i, c.name(), outcome, servedBy);
                    } else if (!outcome.equals(outcomes.get(i))) {
                        if (++differing <= MAX_PRINTED_DIFFERENCES) {
                            print("DIFF", version, i, c.name(), outcomes.get(i), outcome, servedBy);
                        }
                    }
                }
                print("CHECKED", version, ran, differing, servedByEngine, (System.nanoTime() - start) / 1_000_000 + " ms");
            }
            progress.at("done", "", -1, "");

            for (EngineStatistics s : bridge.statistics().all()) {
                print("STAT", s.engine(), s.direction().label(), s.getOperations(), s.getFallbacks(),
                        s.getFallbacksUnexpectedException(), s.summary());
            }
            for (String line : suite.summary()) {
                print("SUMMARY", line);
            }
            print("DONE");
        }
    }

    /** Fallbacks per reason, summed over the engines. */
    private static long[] fallbacks(List<EngineStatistics> stats) {
        long[] n = new long[FallbackReason.values().length];
        for (EngineStatistics s : stats) {
            for (FallbackReason r : FallbackReason.values()) {
                n[r.ordinal()] += s.fallbacks(r);
            }
        }
        return n;
    }

    /** " after fallback(s) REASON,..." for the reasons counted during a call, or "". */
    static String declined(long[] before, long[] after) {
        StringBuilder sb = new StringBuilder();
        for (FallbackReason r : FallbackReason.values()) {
            if (after[r.ordinal()] > before[r.ordinal()]) {
                sb.append(sb.length() == 0 ? " after fallback " : ",").append(r.name());
            }
        }
        return sb.toString();
    }

    private static long operations(List<EngineStatistics> stats) {
        long n = 0;
        for (EngineStatistics s : stats) {
            n += s.getOperations();
        }
        return n;
    }

    static void print(Object... fields) {
        StringBuilder sb = new StringBuilder(PREFIX);
        for (int i = 0; i < fields.length; i++) {
            if (i > 0) {
                sb.append('\t');
            }
            sb.append(String.valueOf(fields[i]).replace('\t', ' ').replace('\n', ' '));
        }
        System.out.println(sb);
    }
}
