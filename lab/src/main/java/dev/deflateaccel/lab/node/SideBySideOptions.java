package dev.deflateaccel.lab.node;

import static dev.deflateaccel.lab.tools.ValueKind.absolutePath;
import static dev.deflateaccel.lab.tools.ValueKind.integer;
import static dev.deflateaccel.lab.tools.ValueKind.oneOf;
import static dev.deflateaccel.lab.tools.ValueKind.wholeNumber;

import java.nio.file.Path;
import java.time.Duration;

import dev.deflateaccel.harness.CassandraLine;
import dev.deflateaccel.lab.RepoLayout;
import dev.deflateaccel.lab.tools.OptionTable;

/** Command-line options of the side-by-side command. */
final class SideBySideOptions {

    private static final OptionTable<SideBySideOptions> OPTIONS = new OptionTable<SideBySideOptions>(String.join("\n",
            "usage: run-side-by-side.sh [--cassandra 5.0|6.0] [--rows N] [--seconds S] [--rounds R] [--chunk-kb K]",
            "                           [--concurrency C] [--warmup-rows W] [--results DIR] [--keep]",
            "  Starts one stock Cassandra node with the deflate-accel agent, loads N rows into a DeflateCompressor",
            "  table with K KiB chunks, then switches the agent's config live between every engine off (Cassandra's",
            "  own code, timed by the agent: stock), libdeflate and igzip. In each, a major compaction of the whole",
            "  table, then S seconds of 50/50 point reads and inserts with C requests in flight. R rounds, the order",
            "  rotated each round (about 7 minutes on 2 cores by default). Reports the codec's CPU per compacted MB",
            "  and per operation, its share of the node's CPU, and a verdict per engine against stock; writes the",
            "  report and its chart to the results folder.",
            "  Environment: CASSANDRA_HOME (use an unpacked release), DEFLATE_ACCEL_AGENT_JAR, JAVA_HOME."))
            .option("--cassandra 5.0|6.0", oneOf(CassandraLine.onThisJava(), CassandraLine::version), "5.0",
                    "the Cassandra line", (o, v) -> o.cassandra = v)
            // Stock's major compaction of 650,000 rows took 9.6-12.7 s here (lab/results
            // 20261207-003231); at 750,000 it took 10.6-14.0 s in the 5 runs of 01:19-01:47, long
            // enough that the nodetool JVM's start-up and the compaction's set-up are noise beside it.
            .option("--rows N", wholeNumber(1000, Long.MAX_VALUE), "750000", "rows loaded", (o, v) -> o.rows = v)
            .option("--seconds S", wholeNumber(1, 86_400), "15", "seconds of mixed load per phase",
                    (o, v) -> o.mixed = Duration.ofSeconds(v))
            .option("--rounds R", integer(1, 100), String.valueOf(Verdict.MIN_ROUNDS), "rounds, each runs stock,"
                    + " libdeflate and igzip, the order rotated", (o, v) -> o.rounds = v)
            .option("--chunk-kb K", integer(1, 1024), "16", "the table's chunk size in KiB", (o, v) -> o.chunkKb = v)
            .option("--concurrency C", integer(1, 1024), "32", "requests in flight", (o, v) -> o.concurrency = v)
            .option("--warmup-rows W", wholeNumber(1000, Long.MAX_VALUE), "20000", "rows of a separate table that"
                    + " every configuration compacts once first, unmeasured (the JIT's warm-up)", (o, v) -> o.warmupRows = v)
            .option("--results DIR", absolutePath(), null, "where the report goes (default lab/results)",
                    (o, v) -> o.resultsDir = v)
            .flag("--keep", "leave the node directory (logs, data) under lab/target", o -> o.keep = true);

    static final String USAGE = OPTIONS.usage();

    CassandraLine cassandra;
    long rows;
    Duration mixed;
    int rounds;
    int chunkKb;
    int concurrency;
    long warmupRows;
    boolean keep;
    Path resultsDir = RepoLayout.resultsDir();
    String commandLine = "";

    static SideBySideOptions parse(String[] args) {
        SideBySideOptions o = new SideBySideOptions();
        OPTIONS.parse(args, o);
        o.commandLine = "lab/run-side-by-side.sh " + String.join(" ", args);
        return o;
    }
}
