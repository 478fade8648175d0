package dev.deflateaccel.lab.node;

import java.nio.file.Path;
import java.nio.file.Paths;

import dev.deflateaccel.harness.CassandraLine;
import dev.deflateaccel.lab.tools.ArgList;

/** Command-line options of run-e2e-bench.sh. */
final class EndToEndOptions {

    static final String USAGE = String.join("\n",
            "usage: run-e2e-bench.sh [--short] [--cassandra 5.0|6.0] [--rows N] [--read-seconds S] [--repetitions R]",
            "  Per run, on a fresh single node with the chunk cache off: load N rows (default 40000), flush,",
            "  major compaction, S seconds (default 12) of random point reads after a 3 s warm-up. Configurations",
            "  " + SteadyConfig.DEFAULT_SET + ", order rotated per repetition, R repetitions (default 3).",
            "  --short is the only mode (the former --full is the steady-load benchmark now).",
            "  Results: lab/target/e2e-results/<timestamp>-e2e.md and .png.");

    String mode = "short";
    long rows = 40_000;
    int readSeconds = 12;
    int readWarmupSeconds = 3;
    int repetitions = 3;
    int chunkKb = 16;
    int concurrency = 32;
    CassandraLine cassandra = CassandraLine.V5_0;
    Path resultsDir = Paths.get(System.getProperty("deflateaccel.e2e.results", "target/e2e-results"));
    String commandLine = "";

    static EndToEndOptions parse(String[] args) {
        EndToEndOptions o = new EndToEndOptions();
        o.commandLine = "lab/run-e2e-bench.sh " + String.join(" ", args);
        // An option with a value reads it from args[i + 1]; its case steps over it with i++.
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--short": o.mode = "short"; break;
                case "--rows": o.rows = ArgList.longIn(args, i++, 1000, Long.MAX_VALUE); break;
                case "--read-seconds": o.readSeconds = (int) ArgList.longIn(args, i++, 1, 3600); break;
                case "--repetitions": o.repetitions = (int) ArgList.longIn(args, i++, 1, 100); break;
                case "--cassandra": o.cassandra = CassandraLine.of(ArgList.value(args, i++)); break;
                case "-h":
                case "--help":
                    throw new IllegalArgumentException("");
                default:
                    throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        return o;
    }
}
