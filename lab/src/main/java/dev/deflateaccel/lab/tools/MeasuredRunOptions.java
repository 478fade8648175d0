package dev.deflateaccel.lab.tools;

import static dev.deflateaccel.lab.tools.ValueKind.absolutePath;
import static dev.deflateaccel.lab.tools.ValueKind.integer;
import static dev.deflateaccel.lab.tools.ValueKind.text;

import java.nio.file.Path;

import dev.deflateaccel.lab.Datasets;
import dev.deflateaccel.lab.RepoLayout;

/**
 * The options every chunk-measuring runner shares: how long to measure, on which data, with
 * which agent jar, and where the report goes. Each runner adds its own and keeps its defaults.
 */
public abstract class MeasuredRunOptions {
    /** Declared by each runner, with its own help and defaults. */
    public int rounds;
    public double seconds;
    public double warmupSeconds;
    /** null until parsed: then the first corpus set present, else the generated rows. */
    public String dataset;
    public int chunkKiB;
    public Path agentJar = RepoLayout.defaultAgentJar();
    public Path corpusDir = RepoLayout.corpusDir();
    public Path resultsDir = RepoLayout.resultsDir();

    /** Declares the shared options after a runner's own (the timing ones among them, with their help and defaults). */
    protected static <O extends MeasuredRunOptions> OptionTable<O> withShared(OptionTable<O> table) {
        return table
                .option("--dataset NAME", text(), null, "calgary, canterbury or rows (default: the first corpus "
                        + "set present, else rows)", (o, v) -> o.dataset = v)
                .option("--chunk-kib K", integer(1, 1 << 20), "16", "chunk size in KiB", (o, v) -> o.chunkKiB = v)
                .option("--agent PATH", absolutePath(), null, "agent jar (default "
                        + "agent/target/deflate-accel-agent.jar)", (o, v) -> o.agentJar = v)
                .option("--corpus DIR", absolutePath(), null, "corpus directory", (o, v) -> o.corpusDir = v)
                .option("--results DIR", absolutePath(), null, "where the report goes (default lab/results)",
                        (o, v) -> o.resultsDir = v);
    }

    /** After parsing: the default data set, the first corpus set present, else the generated rows. */
    protected final void chooseDataset() {
        if (dataset == null) {
            dataset = Datasets.availableOrGenerated(corpusDir).get(0);
        }
    }

    public int chunkBytes() {
        return chunkKiB * 1024;
    }
}
