package dev.deflateaccel.lab.levels;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

import dev.deflateaccel.lab.RepoLayout;
import dev.deflateaccel.lab.experiment.Configuration;
import dev.deflateaccel.lab.tools.ArgList;

/** The level table's options; the defaults are the full run issue 12 asks for. */
public final class LevelsOptions {
    public static final String LIBDEFLATE = "libdeflate";
    public static final String IGZIP = "igzip";
    /** java.util.zip's level in stock DeflateCompressor; the baseline's level. */
    public static final int STOCK_LEVEL = 6;

    public static final String USAGE = String.join("\n",
            "usage: LevelsRunner [--sstables DIR | --dataset NAME] [options]",
            "  --sstables DIR            node-written SSTables of a table with compression = {'enabled': false}",
            "                            (a table, keyspace or data directory; snapshots/ and backups/ skipped)",
            "  --dataset NAME            fallback when no SSTables: rows (generated, the default), calgary, canterbury;",
            "                            labelled NOT node-written in the report",
            "  --chunks 4,16,64          chunk sizes in KiB",
            "  --libdeflate-levels 1-9   libdeflate levels (1-12)",
            "  --igzip-levels 0-3        igzip levels (0-3)",
            "  --warmup 3  --rounds 5  --seconds 0.5   per direction: discarded rounds, measured rounds,",
            "                            minimum seconds per round (whole passes over every chunk)",
            "  --max-mib 16              read at most this much of the source",
            "  --agent PATH              agent jar (default agent/target/deflate-accel-agent.jar)",
            "  --corpus DIR              corpus directory for --dataset calgary/canterbury",
            "  --results DIR             where the report and chart go (default lab/results)");

    public String source = "dataset:rows";
    public List<Integer> chunkKiBs = List.of(4, 16, 64);
    public List<Integer> libdeflateLevels = ArgList.ints("1-9");
    public List<Integer> igzipLevels = ArgList.ints("0-3");
    public int warmup = 3;
    public int rounds = 5;
    public double seconds = 0.5;
    public long maxBytes = 16L << 20;
    public Path agentJar = RepoLayout.defaultAgentJar();
    public Path corpusDir = RepoLayout.corpusDir();
    public Path resultsDir = RepoLayout.resultsDir();

    public static LevelsOptions parse(String[] args) {
        LevelsOptions o = new LevelsOptions();
        boolean sourceGiven = false;
        for (int i = 0; i < args.length; i += 2) {
            String v = ArgList.value(args, i);
            switch (args[i]) {
                case "--sstables":
                case "--dataset":
                    if (sourceGiven) {
                        throw new IllegalArgumentException("give one of --sstables and --dataset");
                    }
                    sourceGiven = true;
                    o.source = (args[i].equals("--sstables") ? "sstables:" + Paths.get(v).toAbsolutePath().normalize()
                            : "dataset:" + v);
                    break;
                case "--chunks": o.chunkKiBs = ArgList.ints(v); break;
                case "--libdeflate-levels": o.libdeflateLevels = ArgList.ints(v); break;
                case "--igzip-levels": o.igzipLevels = ArgList.ints(v); break;
                case "--warmup": o.warmup = Integer.parseInt(v); break;
                case "--rounds": o.rounds = Integer.parseInt(v); break;
                case "--seconds": o.seconds = Double.parseDouble(v); break;
                case "--max-mib": o.maxBytes = Long.parseLong(v) << 20; break;
                case "--agent": o.agentJar = Paths.get(v).toAbsolutePath().normalize(); break;
                case "--corpus": o.corpusDir = Paths.get(v).toAbsolutePath().normalize(); break;
                case "--results": o.resultsDir = Paths.get(v).toAbsolutePath().normalize(); break;
                default: throw new IllegalArgumentException("unknown argument '" + args[i] + "'\n" + USAGE);
            }
        }
        for (int l : o.libdeflateLevels) {
            check(l >= 1 && l <= 12, "libdeflate level " + l + " is outside 1-12");
        }
        for (int l : o.igzipLevels) {
            check(l >= 0 && l <= 3, "igzip level " + l + " is outside 0-3");
        }
        check(o.rounds >= 1 && o.warmup >= 0 && o.seconds > 0, "rounds >= 1, warmup >= 0, seconds > 0");
        check(!o.chunkKiBs.isEmpty(), "no chunk size");
        return o;
    }

    private static void check(boolean ok, String problem) {
        if (!ok) {
            throw new IllegalArgumentException(problem);
        }
    }

    /**
     * The rows of the level table, each in its own JVM: stock DeflateCompressor (java.util.zip at
     * level 6, no agent: the baseline every size is compared with), then the agent routing
     * everything to one engine at one level.
     */
    public List<Configuration> configurations() {
        List<Configuration> all = new ArrayList<>();
        all.add(configuration(Configuration.STOCK, STOCK_LEVEL));
        for (int l : libdeflateLevels) {
            all.add(configuration(LIBDEFLATE, l));
        }
        for (int l : igzipLevels) {
            all.add(configuration(IGZIP, l));
        }
        return all;
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
