package dev.deflateaccel.lab.node;

import static dev.deflateaccel.lab.tools.ValueKind.absolutePath;
import static dev.deflateaccel.lab.tools.ValueKind.integer;
import static dev.deflateaccel.lab.tools.ValueKind.oneOf;
import static dev.deflateaccel.lab.tools.ValueKind.wholeNumber;

import java.nio.file.Path;
import java.time.Duration;

import dev.deflateaccel.harness.CassandraLine;
import dev.deflateaccel.lab.tools.OptionTable;

/** Command-line options of the side-by-side command. */
final class SideBySideOptions {

    private static final OptionTable<SideBySideOptions> OPTIONS = new OptionTable<SideBySideOptions>(String.join("\n",
            "usage: run-side-by-side.sh [--cassandra 5.0|6.0] [--rows N] [--seconds S] [--rounds R] [--chunk-kb K] [--concurrency C] [--warmup-rows W] [--stock-first] [--keep] [--jfr DIR]",
            "  Starts a stock Cassandra node with the deflate-accel agent, loads N rows into a DeflateCompressor",
            "  table with K KiB chunks, flushes and compacts, runs S seconds of 50/50 point reads and inserts with",
            "  C requests in flight; the same on a node without the agent; then both again in the opposite order,",
            "  and so on (A-B-B-A-A-B; R rounds, about 8 minutes on 2 cores by default). Prints every run, node CPU",
            "  per operation, and counts a difference as real only over at least 3 rounds, when both orders agree",
            "  on its direction and it exceeds the spread between runs of one side.",
            "  Environment: CASSANDRA_HOME (use an unpacked release), DEFLATE_ACCEL_AGENT_JAR, JAVA_HOME."))
            .option("--cassandra 5.0|6.0", oneOf(CassandraLine.onThisJava(), CassandraLine::version), "5.0",
                    "the Cassandra line", (o, v) -> o.cassandra = v)
            .option("--rows N", wholeNumber(1000, Long.MAX_VALUE), "50000", "rows loaded", (o, v) -> o.rows = v)
            .option("--seconds S", wholeNumber(1, 86_400), "20", "seconds of mixed load",
                    (o, v) -> o.mixed = Duration.ofSeconds(v))
            // 3 rounds = A-B-B-A-A-B, the fewest Verdict calls real
            .option("--rounds R", integer(1, 100), String.valueOf(Verdict.MIN_ROUNDS), "rounds, each runs both "
                    + "sides, the first side alternating", (o, v) -> o.rounds = v)
            .option("--chunk-kb K", integer(1, 1024), "16", "the table's chunk size in KiB", (o, v) -> o.chunkKb = v)
            .option("--concurrency C", integer(1, 1024), "32", "requests in flight", (o, v) -> o.concurrency = v)
            .option("--warmup-rows W", wholeNumber(0, Long.MAX_VALUE), "10000", "rows of unmeasured warm-up on "
                    + "another table first, per node; 0 skips it", (o, v) -> o.warmupRows = v)
            .flag("--stock-first", "start with the node without the agent (B-A-A-B-B-A)", o -> o.stockFirst = true)
            .flag("--keep", "leave the node directories (logs, data) under lab/target/side-by-side", o -> o.keep = true)
            .option("--jfr DIR", absolutePath(), null, "each node records a JFR profile (settings=profile) to "
                    + "DIR/<node>.jfr, for finding where a difference comes from; it costs the nodes a little CPU, so "
                    + "do not compare those runs' figures.", (o, v) -> o.jfrDir = v);

    static final String USAGE = OPTIONS.usage();

    CassandraLine cassandra;
    long rows;
    Duration mixed;
    int rounds;
    int chunkKb;
    int concurrency;
    long warmupRows;
    boolean stockFirst;
    boolean keep;
    /** Where each node writes a JFR recording of its whole life, or null for none. */
    Path jfrDir;

    static SideBySideOptions parse(String[] args) {
        SideBySideOptions o = new SideBySideOptions();
        OPTIONS.parse(args, o);
        return o;
    }
}
