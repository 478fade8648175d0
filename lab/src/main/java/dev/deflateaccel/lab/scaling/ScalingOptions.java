package dev.deflateaccel.lab.scaling;

import static dev.deflateaccel.lab.tools.ValueKind.integer;
import static dev.deflateaccel.lab.tools.ValueKind.ints;
import static dev.deflateaccel.lab.tools.ValueKind.number;
import static dev.deflateaccel.lab.tools.ValueKind.words;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import dev.deflateaccel.lab.AgentConfigFile;
import dev.deflateaccel.lab.experiment.Configuration;
import dev.deflateaccel.lab.experiment.Run;
import dev.deflateaccel.lab.tools.ArgList;
import dev.deflateaccel.lab.tools.MeasuredRunOptions;
import dev.deflateaccel.lab.tools.OptionTable;
import dev.deflateaccel.lab.tools.ValueKind;

/** The thread-scaling run's options; the defaults are the run issue 12 item 5 asks for. */
public final class ScalingOptions extends MeasuredRunOptions {
    /** A context setting: the agent's default, the largest thread count, or a number. */
    private static final ValueKind<List<String>> CONTEXTS = ValueKind.of(
            "default, match and/or numbers of contexts (1-9999)", text -> {
                List<String> settings = ArgList.words(text);
                return !settings.isEmpty() && settings.stream().allMatch(
                        c -> c.equals("default") || c.equals("match") || c.matches("[1-9][0-9]{0,3}")) ? settings : null;
            });

    private static final OptionTable<ScalingOptions> OPTIONS = withShared(new OptionTable<ScalingOptions>(
            "usage: ScalingRunner [options]")
            .option("--engines E,...", words(List.of("libdeflate", "igzip", "zlib", "qat", "iaa", Configuration.STOCK)),
                    "libdeflate,igzip," + Configuration.STOCK,
                    "agent engines (libdeflate, igzip, zlib, qat, iaa) and/or stock", (o, v) -> o.engines = v)
            .option("--threads T,...", ints(1, 4096), "1,16,64,128,256", "thread counts; 128 and 256 exceed the "
                    + "default context bound (64), so a pool that runs dry shows there",
                    (o, v) -> o.threads = v)
            .option("--contexts C,...", CONTEXTS, "default,8", "agent context bound: its default, 'match' (the "
                    + "largest thread count) and/or a number; 8 was the default before it covered Cassandra's "
                    + "concurrent readers, and shows threads beyond the bound", (o, v) -> o.contexts = v)
            .option("--directions D,...", words(List.of("compress", "decompress")), "compress,decompress",
                    "directions measured", (o, v) -> o.directions = v)
            .option("--rounds N", integer(1, 1000), "3", "timed rounds per thread count and direction "
                    + "(median taken)", (o, v) -> o.rounds = v)
            .option("--seconds S", number(0.001, 3600), "1", "seconds per round", (o, v) -> o.seconds = v)
            .option("--warmup-seconds S", number(0, 3600), "1", "discarded load before each thread count and "
                    + "direction", (o, v) -> o.warmupSeconds = v));

    public static final String USAGE = OPTIONS.usage();

    public List<String> engines;
    public List<Integer> threads;
    public List<String> contexts;
    public List<String> directions;

    public static ScalingOptions parse(String[] args) {
        ScalingOptions o = new ScalingOptions();
        OPTIONS.parse(args, o);
        o.chooseDataset();
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
