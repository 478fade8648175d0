package dev.deflateaccel.lab.efficiency;

import java.util.List;

import dev.deflateaccel.lab.AgentConfigFile;
import dev.deflateaccel.lab.tools.ArgList;
import dev.deflateaccel.lab.tools.MeasuredRunOptions;

/** The efficiency benchmark's options; the defaults are the run issue 12 item 4 asks for. */
public final class EfficiencyOptions extends MeasuredRunOptions {
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
    public List<String> engines = List.of("libdeflate", "igzip");
    public int libdeflateLevel = AgentConfigFile.LIBDEFLATE_LEVEL;
    public int igzipLevel = AgentConfigFile.IGZIP_LEVEL;
    /** 0: the C side gets exactly the output room the agent side's compressor gives a chunk. */
    public int cCapacity;

    EfficiencyOptions() {
        super(3, 0.5, 3);
    }

    public static EfficiencyOptions parse(String[] args) {
        EfficiencyOptions o = new EfficiencyOptions();
        for (int i = 0; i < args.length; i += 2) {
            String v = ArgList.value(args, i);
            switch (args[i]) {
                case "--reps": o.reps = Integer.parseInt(v); break;
                case "--engines": o.engines = ArgList.words(v); break;
                case "--libdeflate-level": o.libdeflateLevel = Integer.parseInt(v); break;
                case "--igzip-level": o.igzipLevel = Integer.parseInt(v); break;
                case "--c-capacity": o.cCapacity = Integer.parseInt(v); break;
                default:
                    if (!o.parseShared(args[i], v)) {
                        throw new IllegalArgumentException("unknown argument '" + args[i] + "'\n" + USAGE);
                    }
            }
        }
        o.finishShared(USAGE);
        for (String e : o.engines) {
            if (!e.equals("libdeflate") && !e.equals("igzip")) {
                throw new IllegalArgumentException("engine '" + e + "': the C reference has libdeflate and igzip");
            }
        }
        if (o.reps < 1) {
            throw new IllegalArgumentException("reps must be positive\n" + USAGE);
        }
        return o;
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
