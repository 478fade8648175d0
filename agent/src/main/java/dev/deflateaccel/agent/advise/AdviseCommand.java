package dev.deflateaccel.agent.advise;

import java.io.PrintStream;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.deflateaccel.bridge.EngineLimits;
import dev.deflateaccel.bridge.config.AccelConfig;
import dev.deflateaccel.bridge.config.ConfigFile;
import dev.deflateaccel.bridge.config.ConfigKey;
import dev.deflateaccel.bridge.engine.DeflateEngine;

/**
 * {@code java -jar deflate-accel-agent.jar advise [options] PATH...}: reads a spread of chunks
 * from a table's SSTables, read-only, and measures what every engine and level on this host would
 * make of them; see {@link #USAGE}. Exit 0 when at least one table could be sampled, 1 when none
 * could, 2 for a usage error.
 */
public final class AdviseCommand {
    public static final String USAGE = "usage: java -jar deflate-accel-agent.jar advise [--json] [--cassandra-lib DIR]"
            + " [--max-chunks N] [--max-mib N] [--seconds N] [--all-chunks] [config=PATH] PATH...\n"
            + "  PATH: a table's data folder, a keyspace folder or one *-Data.db; read only, never written\n"
            + "  --cassandra-lib DIR  Cassandra's lib/, for LZ4, Zstd and Snappy tables (the node's own jars)\n"
            + "  --max-chunks N       chunks sampled per table and compressor (default " + SampleBounds.DEFAULT_CHUNKS + ")\n"
            + "  --max-mib N          MiB of uncompressed chunks sampled per table and compressor (default "
            + SampleBounds.DEFAULT_MIB + ")\n"
            + "  --seconds N          time for reading and for the speed passes (default "
            + SampleBounds.DEFAULT_SECONDS + ")\n"
            + "  --all-chunks         every chunk (no chunk or MiB bound; holds them all in memory)\n"
            + "  --json               the report as one JSON object; progress stays on stderr\n"
            + "  config=PATH          the agent's config file, for its *_library paths and qat_compression_level";

    /** Share of each table's time spent reading; the rest measures. */
    private static final double READ_SHARE = 0.35;

    private final PrintStream out;
    private final PrintStream err;
    private final String version;

    public AdviseCommand(PrintStream out, PrintStream err, String version) {
        this.out = out;
        this.err = err;
        this.version = version;
    }

    public int run(List<String> args) {
        boolean json = false;
        boolean all = false;
        int maxChunks = SampleBounds.DEFAULT_CHUNKS;
        int maxMib = SampleBounds.DEFAULT_MIB;
        int seconds = SampleBounds.DEFAULT_SECONDS;
        Path lib = null;
        Path config = null;
        List<Path> paths = new ArrayList<>();
        try {
            for (int i = 0; i < args.size(); i++) {
                String a = args.get(i);
                if (a.equals("--json")) {
                    json = true;
                } else if (a.equals("--all-chunks")) {
                    all = true;
                } else if (a.equals("--cassandra-lib")) {
                    lib = Paths.get(valueOf(args, ++i, a));
                } else if (a.equals("--max-chunks")) {
                    maxChunks = positive(args, ++i, a);
                } else if (a.equals("--max-mib")) {
                    maxMib = positive(args, ++i, a);
                } else if (a.equals("--seconds")) {
                    seconds = positive(args, ++i, a);
                } else if (a.startsWith("config=")) {
                    config = Paths.get(a.substring("config=".length()));
                } else if (a.startsWith("-")) {
                    throw new IllegalArgumentException("unknown option " + a);
                } else {
                    paths.add(Paths.get(a));
                }
            }
            if (paths.isEmpty()) {
                throw new IllegalArgumentException("no PATH given");
            }
        } catch (IllegalArgumentException e) {
            err.println("advise: " + e.getMessage());
            err.println(USAGE);
            return 2;
        }
        AccelConfig accel = AccelConfig.defaults();
        if (config != null) {
            accel = ConfigFile.read(config);
            if (accel.refusal() != null) {
                err.println("advise: " + config + " refused: " + accel.refusal());
                return 2;
            }
        }
        SampleBounds bounds = new SampleBounds(maxChunks, (long) maxMib << 20, seconds, all);
        AdviceRun run;
        try {
            run = advise(paths, lib, accel, bounds, new Progress(err));
        } catch (AdviseException e) {
            for (String line : e.getMessage().split("\n")) {
                err.println("advise: " + line);
            }
            err.println("advise: nothing could be sampled; nothing was changed");
            return 1;
        }
        if (json) {
            JsonReport.write(out, run);
        } else {
            TextReport.write(out, run);
        }
        out.flush();
        if (!run.anythingSampled()) {
            err.println("advise: nothing could be sampled (see the problems above); nothing was changed");
            return 1;
        }
        return 0;
    }

    /** The run itself; an exception when the PATHs hold no SSTables at all. */
    AdviceRun advise(List<Path> paths, Path lib, AccelConfig accel, SampleBounds bounds, Progress progress)
            throws AdviseException {
        long start = System.nanoTime();
        InputProblems problems = new InputProblems();
        List<TableAdvice> tables = new ArrayList<>();
        Map<Path, List<SSTable>> found = SSTableFinder.find(paths, problems);
        List<SSTableGroup> groups = new ArrayList<>();
        for (Map.Entry<Path, List<SSTable>> e : found.entrySet()) {
            List<CompressedSSTable> read = new ArrayList<>();
            for (SSTable s : e.getValue()) {
                CompressedSSTable c = CompressedSSTable.read(s, problems);
                if (c != null) {
                    read.add(c);
                }
            }
            groups.addAll(SSTableGroup.of(e.getKey(), read));
        }
        progress.line(found.size() + " table folder(s), " + groups.size() + " table(s) and compressor(s) to sample");
        long deadline = start + bounds.seconds * 1_000_000_000L;
        NodeLibraries libraries = new NodeLibraries(lib);
        Map<Candidate, DeflateEngine> engines = openEngines(accel);
        try {
            for (int i = 0; i < groups.size(); i++) {
                long groupDeadline = System.nanoTime() + Math.max(0, deadline - System.nanoTime()) / (groups.size() - i);
                tables.add(advise(groups.get(i), libraries, engines, bounds, groupDeadline, problems, progress));
            }
        } finally {
            for (DeflateEngine e : engines.values()) {
                if (e != null) {
                    e.close();
                }
            }
        }
        return new AdviceRun(version, bounds, tables, problems, EngineMeasurement.cpuTime(),
                (System.nanoTime() - start) / 1e9);
    }

    private static Map<Candidate, DeflateEngine> openEngines(AccelConfig config) {
        EngineLimits limits = new EngineLimits(2, config.intValue(ConfigKey.MAX_NATIVE_BUFFER_KB) * 1024);
        Map<Candidate, DeflateEngine> engines = new LinkedHashMap<>();
        for (Candidate c : Candidate.all(config.intValue(ConfigKey.QAT_COMPRESSION_LEVEL))) {
            if (c.isStock()) {
                engines.put(c, null);
                continue;
            }
            AccelConfig withLevel = c.levelKey() == null ? config : config.with(c.levelKey(), Integer.toString(c.level));
            engines.put(c, c.descriptor.open(withLevel, limits));
        }
        return engines;
    }

    private TableAdvice advise(SSTableGroup group, NodeLibraries libraries, Map<Candidate, DeflateEngine> engines,
            SampleBounds bounds, long groupDeadline, InputProblems problems, Progress progress) {
        String name = group.keyspace() + "." + group.table() + " (" + group.compressorName + ")";
        SourceCodec codec;
        try {
            codec = SourceCodecs.forClass(group.qualifiedCompressorClass, group.options(), libraries);
        } catch (AdviseException e) {
            problems.add(group.tableFolder + ": " + group.sstables.size() + " SSTables not sampled: " + e.getMessage());
            return TableAdvice.notSampled(group, e.getMessage());
        }
        long now = System.nanoTime();
        long readDeadline = now + (long) ((groupDeadline - now) * READ_SHARE);
        progress.line("reading " + name + ": " + group.sstables.size() + " SSTables, " + group.chunkCount() + " chunks");
        ChunkSampler.Sample sample = new ChunkSampler(problems, progress).sample(group, codec, bounds, readDeadline);
        if (sample.chunks.isEmpty()) {
            return TableAdvice.notSampled(group, "no chunk could be read (see the problems)");
        }
        progress.line("read " + sample.chunks.size() + " chunks of " + name + "; measuring " + codec.describe());
        List<Candidate> candidates = new ArrayList<>(engines.keySet());
        int remaining = candidates.size() + 1;
        Measurement current = EngineMeasurement.current(group.compressorName, codec, sample.chunks,
                slice(groupDeadline, remaining--));
        List<Measurement> measured = new ArrayList<>();
        for (Candidate c : candidates) {
            DeflateEngine engine = engines.get(c);
            long candidateDeadline = slice(groupDeadline, remaining--);
            if (c.isStock()) {
                measured.add(EngineMeasurement.measure(c, new DeflateSource(), sample.chunks, candidateDeadline));
            } else if (!engine.status().isAvailable()) {
                measured.add(Measurement.notMeasured(c, shortReason(engine.status().detail())));
                continue;
            } else {
                measured.add(EngineMeasurement.measure(c, new EngineCodec(engine, c.label()), sample.chunks,
                        candidateDeadline));
            }
            progress.line("measured " + c.label() + " on " + name);
        }
        return new TableAdvice(group, codec.describe(), null, sample.chunks.size(), sample.sstablesRead.size(),
                sample.uncompressedBytes, sample.stoppedByTime, current, measured);
    }

    /**
     * An engine's reason in one line: JNA's "Unable to load library" text repeats the path search
     * three times; the first clause and the install hint say it all.
     */
    static String shortReason(String detail) {
        if (detail == null || detail.length() <= 160) {
            return detail;
        }
        int firstColon = detail.indexOf(": ");
        int lastSemicolon = detail.lastIndexOf("; ");
        String head = firstColon > 0 ? detail.substring(0, firstColon) : detail.substring(0, 80);
        return lastSemicolon > firstColon ? head + detail.substring(lastSemicolon) : head;
    }

    private static long slice(long deadline, int remaining) {
        long now = System.nanoTime();
        return now + Math.max(0, deadline - now) / Math.max(1, remaining);
    }

    private static String valueOf(List<String> args, int i, String option) {
        if (i >= args.size()) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args.get(i);
    }

    private static int positive(List<String> args, int i, String option) {
        String v = valueOf(args, i, option);
        try {
            int n = Integer.parseInt(v);
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new IllegalArgumentException(option + " takes a whole number above 0, not '" + v + "'");
    }
}
