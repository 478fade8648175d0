package dev.deflateaccel.lab.node;

import static dev.deflateaccel.lab.tools.ValueKind.integer;
import static dev.deflateaccel.lab.tools.ValueKind.oneOf;
import static dev.deflateaccel.lab.tools.ValueKind.wholeNumber;

import java.nio.file.Path;
import java.nio.file.Paths;

import dev.deflateaccel.harness.CassandraLine;
import dev.deflateaccel.lab.tools.OptionTable;

/** Command-line options of run-e2e-bench.sh. */
final class EndToEndOptions {

    private static final OptionTable<EndToEndOptions> OPTIONS = new OptionTable<EndToEndOptions>(String.join("\n",
            "usage: run-e2e-bench.sh [--short] [--cassandra 5.0|6.0] [--rows N] [--read-seconds S] [--repetitions R]",
            "  Per run, on a fresh single node with the chunk cache off: load N rows, flush, major compaction,",
            "  S seconds of random point reads after a 3 s warm-up. Configurations " + SteadyConfig.DEFAULT_SET + ",",
            "  order rotated per repetition, R repetitions.",
            "  Results: lab/target/e2e-results/<timestamp>-e2e.md and .png."))
            .flag("--short", "the only mode (the former --full is the steady-load benchmark now)", o -> { })
            .option("--cassandra 5.0|6.0", oneOf(CassandraLine.onThisJava(), CassandraLine::version), "5.0",
                    "the Cassandra line", (o, v) -> o.cassandra = v)
            .option("--rows N", wholeNumber(1000, Long.MAX_VALUE), "40000", "rows loaded", (o, v) -> o.rows = v)
            .option("--read-seconds S", integer(1, 3600), "12", "seconds of reads", (o, v) -> o.readSeconds = v)
            .option("--repetitions R", integer(1, 100), "3", "repetitions", (o, v) -> o.repetitions = v);

    static final String USAGE = OPTIONS.usage();

    final String mode = "short";
    CassandraLine cassandra;
    long rows;
    int readSeconds;
    int readWarmupSeconds = 3;
    int repetitions;
    int chunkKb = 16;
    int concurrency = 32;
    Path resultsDir = Paths.get(System.getProperty("deflateaccel.e2e.results", "target/e2e-results"));
    String commandLine = "";

    static EndToEndOptions parse(String[] args) {
        EndToEndOptions o = new EndToEndOptions();
        o.commandLine = "lab/run-e2e-bench.sh " + String.join(" ", args);
        OPTIONS.parse(args, o);
        return o;
    }
}
