package dev.deflateaccel.lab.scaling;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import dev.deflateaccel.lab.AgentConfigFile;
import dev.deflateaccel.lab.experiment.Configuration;
import dev.deflateaccel.lab.experiment.Run;
import dev.deflateaccel.lab.tools.ArgList;
import dev.deflateaccel.lab.tools.MeasuredRunOptions;

/** The thread-scaling run's options; the defaults are the run issue 12 item 5 asks for. */
public final class ScalingOptions extends MeasuredRunOptions {
    public static final String USAGE = String.join("\n",
            "usage: ScalingRunner [options]",
            "  --engines libdeflate,igzip,stock   agent engines (libdeflate, igzip, zlib, qat, iaa) and/or stock",
            "  --threads 1,16,64,128,256          thread counts; 128 and 256 exceed the default context bound",
            "                                     (64 on up to 16 CPUs), so a pool that runs dry shows there",
            "  --contexts default,8               agent context bound: its default, 'match' (the largest thread",
            "                                     count) and/or a number; 8 was the default before it covered",
            "                                     Cassandra's concurrent readers, and shows threads beyond the bound",
            "  --directions compress,decompress",
            "  --rounds 3 --seconds 1             timed rounds per thread count and direction (median taken)",
            "  --warmup-seconds 1                 discarded load before each thread count and direction",
            "  --dataset NAME --chunk-kib 16      data (default: the first corpus set present, else rows)",
            "  --agent PATH  --corpus DIR  --results DIR");

    public List<String> engines = List.of("libdeflate", "igzip", Configuration.STOCK);
    public List<Integer> threads = List.of(1, 16, 64, 128, 256);
    public List<String> contexts = List.of("default", "8");
    public List<String> directions = List.of("compress", "decompress");

    ScalingOptions() {
        super(3, 1, 1);
    }

    public static ScalingOptions parse(String[] args) {
        ScalingOptions o = new ScalingOptions();
        for (int i = 0; i < args.length; i += 2) {
            String v = ArgList.value(args, i);
            switch (args[i]) {
                case "--engines": o.engines = ArgList.words(v); break;
                case "--threads": o.threads = ArgList.ints(v); break;
                case "--contexts": o.contexts = ArgList.words(v); break;
                case "--directions": o.directions = ArgList.words(v); break;
                default:
                    if (!o.parseShared(args[i], v)) {
                        throw new IllegalArgumentException("unknown argument '" + args[i] + "'\n" + USAGE);
                    }
            }
        }
        o.finishShared(USAGE);
        for (String c : o.contexts) {
            if (!c.equals("default") && !c.equals("match") && !c.matches("[1-9][0-9]{0,3}")) {
                throw new IllegalArgumentException("--contexts takes default, match or a number of contexts (1-9999), "
                        + "not '" + c + "'");
            }
        }
        for (String d : o.directions) {
            if (!d.equals("compress") && !d.equals("decompress")) {
                throw new IllegalArgumentException("--directions takes compress and/or decompress, not '" + d + "'");
            }
        }
        if (o.threads.isEmpty() || o.threads.stream().anyMatch(t -> t < 1)) {
            throw new IllegalArgumentException("thread counts must be positive\n" + USAGE);
        }
        return o;
    }

    /**
     * Every configuration to run, in order: per engine each context setting (every call to that
     * engine at its default level; the busy ones fall to Cassandra's own code, since no other
     * engine is on), and stock (no agent, no pool) once, as the reference the busy calls fall to.
     */
    public List<Configuration> configurations() {
        List<Configuration> all = new ArrayList<>();
        for (String engine : engines) {
            if (engine.equals(Configuration.STOCK)) {
                all.add(new Configuration(engine, 0, 0, engine, "stock"));
                continue;
            }
            int level = engine.equals("igzip") ? AgentConfigFile.IGZIP_LEVEL : AgentConfigFile.LIBDEFLATE_LEVEL;
            for (String c : contexts) {
                int bound = contextBound(c);
                all.add(new Configuration(engine, level, bound,
                        engine + (bound == 0 ? "-default-contexts" : "-contexts-" + bound), engine));
            }
        }
        return all;
    }

    /** A run's label, with the context bound the agent actually used (read back from the child). */
    public static String label(Run run) {
        Configuration c = run.configuration;
        if (c.isStock()) {
            return "stock (java.util.zip, no pool)";
        }
        int bound = run.ready == null ? 0 : run.ready.getInt("contexts");
        return c.engine + ", " + (c.maxContexts == 0 ? "default max_native_contexts (" + bound + ")"
                : "max_native_contexts " + bound);
    }

    private int contextBound(String setting) {
        switch (setting) {
            case "default": return 0;
            case "match": return maxThreads();
            default: return Integer.parseInt(setting);
        }
    }

    public int maxThreads() {
        return Collections.max(threads);
    }

    public String describe() {
        return "threads " + threads + ", " + directions + ", " + chunkKiB + " KiB chunks of " + dataset + "; per thread "
                + "count and direction " + warmupSeconds + " s warm-up, then " + rounds + " rounds of " + seconds + " s "
                + "(median taken)";
    }
}
