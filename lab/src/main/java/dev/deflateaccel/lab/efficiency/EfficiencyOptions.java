package dev.deflateaccel.lab.efficiency;

import static dev.deflateaccel.lab.tools.ValueKind.integer;
import static dev.deflateaccel.lab.tools.ValueKind.number;
import static dev.deflateaccel.lab.tools.ValueKind.words;

import java.util.List;

import dev.deflateaccel.lab.AgentConfigFile;
import dev.deflateaccel.lab.tools.MeasuredRunOptions;
import dev.deflateaccel.lab.tools.OptionTable;

/** The efficiency benchmark's options; the defaults are the run issue 12 item 4 asks for. */
public final class EfficiencyOptions extends MeasuredRunOptions {
    private static final OptionTable<EfficiencyOptions> OPTIONS = withShared(new OptionTable<EfficiencyOptions>(
            "usage: EfficiencyRunner [options]")
            .option("--reps N", integer(1, 1000), "7", "interleaved repetitions (a verdict needs at least 5)",
                    (o, v) -> o.reps = v)
            .option("--rounds N", integer(1, 1000), "3", "per side and repetition: rounds (median taken) of >= S "
                    + "seconds each", (o, v) -> o.rounds = v)
            .option("--seconds S", number(0.001, 3600), "0.5", "seconds per round", (o, v) -> o.seconds = v)
            .option("--warmup-seconds S", number(0, 3600), "3", "per side, engine and direction, before "
                    + "repetition 1 (discarded)", (o, v) -> o.warmupSeconds = v)
            // the C reference (native_ref) has these two
            .option("--engines E,...", words(List.of("libdeflate", "igzip")), "libdeflate,igzip",
                    "engines compared", (o, v) -> o.engines = v)
            .option("--libdeflate-level L", integer(0, 12), String.valueOf(AgentConfigFile.LIBDEFLATE_LEVEL),
                    "libdeflate's level, the same on both sides", (o, v) -> o.libdeflateLevel = v)
            .option("--igzip-level L", integer(0, 3), String.valueOf(AgentConfigFile.IGZIP_LEVEL),
                    "igzip's level, the same on both sides", (o, v) -> o.igzipLevel = v)
            .option("--c-capacity BYTES", integer(0, Integer.MAX_VALUE), null, "give the C side this output room "
                    + "instead of the agent's (to investigate only)", (o, v) -> o.cCapacity = v));

    public static final String USAGE = OPTIONS.usage();

    public int reps;
    public List<String> engines;
    public int libdeflateLevel;
    public int igzipLevel;
    /** 0: the C side gets exactly the output room the agent side's compressor gives a chunk. */
    public int cCapacity;

    public static EfficiencyOptions parse(String[] args) {
        EfficiencyOptions o = new EfficiencyOptions();
        OPTIONS.parse(args, o);
        o.chooseDataset();
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
