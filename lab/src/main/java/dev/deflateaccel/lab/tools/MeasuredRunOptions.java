package dev.deflateaccel.lab.tools;

import java.nio.file.Path;
import java.nio.file.Paths;

import dev.deflateaccel.lab.Datasets;
import dev.deflateaccel.lab.RepoLayout;

/**
 * The options every chunk-measuring runner shares: how long to measure, on which data, with
 * which agent jar, and where the report goes. Each runner adds its own and keeps its defaults.
 */
public abstract class MeasuredRunOptions {
    public int rounds;
    public double seconds;
    public double warmupSeconds;
    /** null until parsed: then the first corpus set present, else the generated rows. */
    public String dataset;
    public int chunkKiB = 16;
    public Path agentJar = RepoLayout.defaultAgentJar();
    public Path corpusDir = RepoLayout.corpusDir();
    public Path resultsDir = RepoLayout.resultsDir();

    protected MeasuredRunOptions(int rounds, double seconds, double warmupSeconds) {
        this.rounds = rounds;
        this.seconds = seconds;
        this.warmupSeconds = warmupSeconds;
    }

    /** Takes one of the shared flags; false when {@code flag} is not one of them. */
    protected final boolean parseShared(String flag, String value) {
        switch (flag) {
            case "--rounds": rounds = Integer.parseInt(value); return true;
            case "--seconds": seconds = Double.parseDouble(value); return true;
            case "--warmup-seconds": warmupSeconds = Double.parseDouble(value); return true;
            case "--dataset": dataset = value; return true;
            case "--chunk-kib": chunkKiB = Integer.parseInt(value); return true;
            case "--agent": agentJar = Paths.get(value).toAbsolutePath().normalize(); return true;
            case "--corpus": corpusDir = Paths.get(value).toAbsolutePath().normalize(); return true;
            case "--results": resultsDir = Paths.get(value).toAbsolutePath().normalize(); return true;
            default: return false;
        }
    }

    /** After parsing: the default data set, and the checks every runner needs. */
    protected final void finishShared(String usage) {
        if (dataset == null) {
            dataset = Datasets.availableOrGenerated(corpusDir).get(0);
        }
        if (rounds < 1 || seconds <= 0 || warmupSeconds < 0 || chunkKiB < 1) {
            throw new IllegalArgumentException("rounds, seconds and chunk size must be positive, warm-up not negative\n"
                    + usage);
        }
    }

    public int chunkBytes() {
        return chunkKiB * 1024;
    }
}
