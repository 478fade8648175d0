package dev.deflateaccel.lab.levels;

import static dev.deflateaccel.lab.tools.ValueKind.absolutePath;
import static dev.deflateaccel.lab.tools.ValueKind.integer;
import static dev.deflateaccel.lab.tools.ValueKind.ints;
import static dev.deflateaccel.lab.tools.ValueKind.number;
import static dev.deflateaccel.lab.tools.ValueKind.text;
import static dev.deflateaccel.lab.tools.ValueKind.wholeNumber;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import dev.deflateaccel.lab.RepoLayout;
import dev.deflateaccel.lab.experiment.Configuration;
import dev.deflateaccel.lab.tools.OptionTable;

/** The level table's options; the defaults are the full run issue 12 asks for. */
public final class LevelsOptions {
    public static final String LIBDEFLATE = "libdeflate";
    public static final String IGZIP = "igzip";
    /** java.util.zip's level in stock DeflateCompressor; the baseline's level. */
    public static final int STOCK_LEVEL = 6;

    private static final OptionTable<LevelsOptions> OPTIONS = new OptionTable<LevelsOptions>(
            "usage: LevelsRunner [--sstables DIR | --dataset NAME] [options]")
            .option("--sstables DIR", absolutePath(), null, "node-written SSTables of a table with compression = "
                    + "{'enabled': false} (a table, keyspace or data directory; snapshots/ and backups/ skipped)",
                    (o, v) -> o.source = "sstables:" + v)
            .option("--dataset NAME", text(), null, "fallback when no SSTables: rows (generated, the default), "
                    + "calgary, canterbury; labelled NOT node-written in the report",
                    (o, v) -> o.source = "dataset:" + v)
            .option("--chunks K,...", ints(1, 1 << 20), "4,16,64", "chunk sizes in KiB", (o, v) -> o.chunkKiBs = v)
            .option("--libdeflate-levels L,...", ints(1, 12), "1-9", "libdeflate levels",
                    (o, v) -> o.libdeflateLevels = v)
            .option("--igzip-levels L,...", ints(0, 3), "0-3", "igzip levels", (o, v) -> o.igzipLevels = v)
            .option("--warmup N", integer(0, 1000), "3", "per direction: discarded rounds", (o, v) -> o.warmup = v)
            .option("--rounds N", integer(1, 1000), "5", "per direction: measured rounds", (o, v) -> o.rounds = v)
            .option("--seconds S", number(0.001, 3600), "0.5", "minimum seconds per round (whole passes over every "
                    + "chunk)", (o, v) -> o.seconds = v)
            .option("--max-mib M", wholeNumber(1, 1L << 20), "16", "read at most M MiB of the source",
                    (o, v) -> o.maxBytes = v << 20)
            .option("--agent PATH", absolutePath(), null, "agent jar (default agent/target/deflate-accel-agent.jar)",
                    (o, v) -> o.agentJar = v)
            .option("--corpus DIR", absolutePath(), null, "corpus directory for --dataset calgary/canterbury",
                    (o, v) -> o.corpusDir = v)
            .option("--results DIR", absolutePath(), null, "where the report and chart go (default lab/results)",
                    (o, v) -> o.resultsDir = v);

    public static final String USAGE = OPTIONS.usage();

    public String source = "dataset:rows";
    public List<Integer> chunkKiBs;
    public List<Integer> libdeflateLevels;
    public List<Integer> igzipLevels;
    public int warmup;
    public int rounds;
    public double seconds;
    public long maxBytes;
    public Path agentJar = RepoLayout.defaultAgentJar();
    public Path corpusDir = RepoLayout.corpusDir();
    public Path resultsDir = RepoLayout.resultsDir();

    public static LevelsOptions parse(String[] args) {
        LevelsOptions o = new LevelsOptions();
        Set<String> given = OPTIONS.parse(args, o);
        if (given.contains("--sstables") && given.contains("--dataset")) {
            throw new IllegalArgumentException("give one of --sstables and --dataset");
        }
        return o;
    }

    /**
     * The rows of the level table, each in its own JVM: stock DeflateCompressor (java.util.zip at
     * level 6, no agent: the baseline every size is compared with), then the agent routing
     * everything to one engine at one level.
     */
    public List<Configuration> configurations() {
        return Stream.of(Stream.of(configuration(Configuration.STOCK, STOCK_LEVEL)),
                libdeflateLevels.stream().map(l -> configuration(LIBDEFLATE, l)),
                igzipLevels.stream().map(l -> configuration(IGZIP, l))).flatMap(s -> s).collect(Collectors.toList());
    }

    public static Configuration configuration(String engine, int level) {
        return new Configuration(engine, level, 0, engine + "-L" + level,
                Configuration.STOCK.equals(engine) ? "stock zlib 6 (java.util.zip)" : engine + " " + level);
    }

    public String describe() {
        return "chunks " + chunkKiBs + " KiB; libdeflate levels " + libdeflateLevels + ", igzip levels " + igzipLevels
                + "; per direction " + warmup + " warm-up + " + rounds + " measured rounds of >= " + seconds
                + " s (whole passes over every chunk)";
    }
}
