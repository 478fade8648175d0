package dev.deflateaccel.lab.node;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;

import dev.deflateaccel.harness.CassandraLine;
import dev.deflateaccel.lab.tools.ArgList;

/** Command-line options of the side-by-side command. */
final class SideBySideOptions {

    long rows = 50_000;
    long warmupRows = 10_000;
    Duration mixed = Duration.ofSeconds(20);
    int chunkKb = 16;
    int concurrency = 32;
    boolean keep;
    /** Where each node writes a JFR recording of its whole life, or null for none. */
    Path jfrDir;
    boolean stockFirst;
    CassandraLine cassandra = CassandraLine.V5_0;
    /** Each round runs both sides, the first side alternating: 3 rounds = A-B-B-A-A-B, the fewest Verdict calls real. */
    int rounds = Verdict.MIN_ROUNDS;

    static final String USAGE = String.join("\n",
            "usage: run-side-by-side.sh [--cassandra 5.0|6.0] [--rows N] [--seconds S] [--rounds R] [--chunk-kb K] [--concurrency C] [--warmup-rows W] [--stock-first] [--keep] [--jfr DIR]",
            "  Starts a stock Cassandra node (5.0, or 6.0 with --cassandra 6.0) with the deflate-accel agent,",
            "  loads N rows (default 50000) into a DeflateCompressor table with K KiB chunks (default 16),",
            "  flushes and compacts, runs S seconds",
            "  (default 20) of 50/50 point reads and inserts with C requests in flight (default 32); the same on a",
            "  node without the agent; then both again in the opposite order, and so on (A-B-B-A-A-B; R rounds,",
            "  default 3, about 8 minutes on 2 cores). Prints every run, node CPU per operation, and counts a",
            "  difference as real only over at least 3 rounds, when both orders agree on its direction and it",
            "  exceeds the spread between runs of one side.",
            "  Each node first gets W rows (default 10000) of unmeasured warm-up on another table; 0 skips it.",
            "  --stock-first starts with the node without the agent (B-A-A-B-B-A).",
            "  --keep leaves the node directories (logs, data) under lab/target/side-by-side.",
            "  --jfr DIR: each node records a JFR profile (settings=profile) to DIR/<node>.jfr, for finding",
            "  where a difference comes from; it costs the nodes a little CPU, so do not compare those runs' figures.",
            "  Environment: CASSANDRA_HOME (use an unpacked release), DEFLATE_ACCEL_AGENT_JAR, JAVA_HOME.");

    static SideBySideOptions parse(String[] args) {
        SideBySideOptions options = new SideBySideOptions();
        // An option with a value reads it from args[i + 1]; its case steps over it with i++.
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            switch (arg) {
                case "--rows": options.rows = ArgList.longIn(args, i++, 1000, Long.MAX_VALUE); break;
                case "--seconds": options.mixed = Duration.ofSeconds(ArgList.longIn(args, i++, 1, 86_400)); break;
                case "--warmup-rows": options.warmupRows = ArgList.longIn(args, i++, 0, Long.MAX_VALUE); break;
                case "--chunk-kb": options.chunkKb = (int) ArgList.longIn(args, i++, 1, 1024); break;
                case "--concurrency": options.concurrency = (int) ArgList.longIn(args, i++, 1, 1024); break;
                case "--cassandra": options.cassandra = CassandraLine.of(ArgList.value(args, i++)); break;
                case "--rounds": options.rounds = (int) ArgList.longIn(args, i++, 1, 100); break;
                case "--stock-first": options.stockFirst = true; break;
                case "--jfr": options.jfrDir = Paths.get(ArgList.value(args, i++)).toAbsolutePath(); break;
                case "--keep": options.keep = true; break;
                case "-h":
                case "--help":
                    throw new IllegalArgumentException("");
                default:
                    throw new IllegalArgumentException("unknown option " + arg);
            }
        }
        return options;
    }
}
