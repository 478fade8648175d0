package dev.deflateaccel.lab.advise;

import static dev.deflateaccel.lab.tools.ValueKind.absolutePath;
import static dev.deflateaccel.lab.tools.ValueKind.integer;
import static dev.deflateaccel.lab.tools.ValueKind.oneOf;

import java.nio.file.Path;

import dev.deflateaccel.harness.CassandraLine;
import dev.deflateaccel.lab.RepoLayout;
import dev.deflateaccel.lab.tools.OptionTable;

/** The advise check's options: the table's size, the rounds, and the bounds of each side. */
public final class AdviseCheckOptions {
    private static final OptionTable<AdviseCheckOptions> OPTIONS = new OptionTable<AdviseCheckOptions>(
            "usage: AdviseCheckRunner [options]")
            .option("--cassandra V", oneOf(CassandraLine.onThisJava(), CassandraLine::version), "5.0",
                    "the Cassandra line whose node writes the tables", (o, v) -> o.line = v)
            .option("--rows N", integer(1, 10_000_000), "9000", "rows written to each of the three tables (the same"
                    + " rows); advise times every chunk of a table up to 4 MiB uncompressed (9,000 rows: about 3.7 MB),"
                    + " and an evenly spread subset of a larger one", (o, v) -> o.rows = v)
            .option("--rounds N", integer(1, 20), "3", "rounds, each advise then the JMH benchmark", (o, v) -> o.rounds = v)
            .option("--advise-seconds S", integer(3, 3600), "60", "advise's --seconds (the whole run, shared by the"
                    + " tables)", (o, v) -> o.adviseSeconds = v)
            .option("--warmup N", integer(0, 100), "3", "JMH warm-up iterations", (o, v) -> o.warmup = v)
            .option("--iterations N", integer(1, 100), "5", "JMH measured iterations", (o, v) -> o.iterations = v)
            .option("--agent PATH", absolutePath(), null, "agent jar (default agent/target/deflate-accel-agent.jar)",
                    (o, v) -> o.agentJar = v)
            .option("--results DIR", absolutePath(), null, "where the report goes (default lab/results)",
                    (o, v) -> o.resultsDir = v);

    public static final String USAGE = OPTIONS.usage();

    public CassandraLine line;
    public int rows;
    public int rounds;
    public int adviseSeconds;
    public int warmup;
    public int iterations;
    public Path agentJar = RepoLayout.defaultAgentJar();
    public Path resultsDir = RepoLayout.resultsDir();

    public static AdviseCheckOptions parse(String[] args) {
        AdviseCheckOptions o = new AdviseCheckOptions();
        OPTIONS.parse(args, o);
        return o;
    }

    public String describe() {
        return "Cassandra " + line.version() + ", " + rows + " rows per table, " + rounds + " rounds; advise --seconds "
                + adviseSeconds + " --all-chunks; JMH 1 fork x (" + warmup + " warm-up + " + iterations
                + " measured) x 1 s per configuration and direction";
    }
}
