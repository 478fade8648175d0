package dev.deflateaccel.bench.efficiency;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

import dev.deflateaccel.bench.AgentConfigFile;
import dev.deflateaccel.bench.Datasets;
import dev.deflateaccel.bench.RepoLayout;
import dev.deflateaccel.bench.tools.ArgList;

/** The efficiency benchmark's options; the defaults are the run issue 12 item 4 asks for. */
public final class EfficiencyOptions {
    public static final String USAGE = String.join("\n",
            "usage: EfficiencyRunner [options]",
            "  --reps 7                 interleaved repetitions (a verdict needs at least 5)",
            "  --rounds 3 --seconds 0.5 per side and repetition: rounds (median taken) of >= SECONDS each",
            "  --warmup-seconds 3       per side, engine and direction, before repetition 1 (discarded)",
            "  --engines libdeflate,igzip",
            "  --dataset NAME           calgary, canterbury or rows (default: the first corpus set present, else rows)",
            "  --chunk-kib 16           chunk size",
            "  --libdeflate-level 6 --igzip-level 1   levels, the same on both sides",
            "  --c-capacity BYTES       give the C side this output room instead of the agent's (to investigate only)",
            "  --agent PATH  --corpus DIR  --results DIR");

    public int reps = 7;
    public int rounds = 3;
    public double seconds = 0.5;
    public double warmupSeconds = 3;
    public List<String> engines = List.of("libdeflate", "igzip");
    public String dataset;
    public int chunkKiB = 16;
    public int libdeflateLevel = AgentConfigFile.LIBDEFLATE_LEVEL;
    public int igzipLevel = AgentConfigFile.IGZIP_LEVEL;
    /** 0: the C side gets exactly the output room the agent side's compressor gives a chunk. */
    public int cCapacity;
    public Path agentJar = RepoLayout.defaultAgentJar();
    public Path corpusDir = RepoLayout.corpusDir();
    public Path resultsDir = RepoLayout.resultsDir();

    public static EfficiencyOptions parse(String[] args) {
        EfficiencyOptions o = new EfficiencyOptions();
        for (int i = 0; i < args.length; i += 2) {
            String v = ArgList.value(args, i);
            switch (args[i]) {
                case "--reps": o.reps = Integer.parseInt(v); break;
                case "--rounds": o.rounds = Integer.parseInt(v); break;
                case "--seconds": o.seconds = Double.parseDouble(v); break;
                case "--warmup-seconds": o.warmupSeconds = Double.parseDouble(v); break;
                case "--engines": o.engines = ArgList.words(v); break;
                case "--dataset": o.dataset = v; break;
                case "--chunk-kib": o.chunkKiB = Integer.parseInt(v); break;
                case "--libdeflate-level": o.libdeflateLevel = Integer.parseInt(v); break;
                case "--igzip-level": o.igzipLevel = Integer.parseInt(v); break;
                case "--c-capacity": o.cCapacity = Integer.parseInt(v); break;
                case "--agent": o.agentJar = Paths.get(v).toAbsolutePath().normalize(); break;
                case "--corpus": o.corpusDir = Paths.get(v).toAbsolutePath().normalize(); break;
                case "--results": o.resultsDir = Paths.get(v).toAbsolutePath().normalize(); break;
                default: throw new IllegalArgumentException("unknown argument '" + args[i] + "'\n" + USAGE);
            }
        }
        if (o.dataset == null) {
            o.dataset = Datasets.availableOrGenerated(o.corpusDir).get(0);
        }
        for (String e : o.engines) {
            if (!e.equals("libdeflate") && !e.equals("igzip")) {
                throw new IllegalArgumentException("engine '" + e + "': the C reference has libdeflate and igzip");
            }
        }
        if (o.reps < 1 || o.rounds < 1 || o.seconds <= 0 || o.warmupSeconds < 0 || o.chunkKiB < 1) {
            throw new IllegalArgumentException("reps, rounds, seconds and chunk size must be positive\n" + USAGE);
        }
        return o;
    }

    public int chunkBytes() {
        return chunkKiB * 1024;
    }

    public int level(String engine) {
        return engine.equals("libdeflate") ? libdeflateLevel : igzipLevel;
    }

    public String describe() {
        return reps + " interleaved repetitions; per side and repetition the median of " + rounds + " rounds of >= "
                + seconds + " s; " + warmupSeconds + " s warm-up per side, engine and direction; data set " + dataset
                + ", " + chunkKiB + " KiB chunks; libdeflate level " + libdeflateLevel + ", igzip level " + igzipLevel;
    }
}
