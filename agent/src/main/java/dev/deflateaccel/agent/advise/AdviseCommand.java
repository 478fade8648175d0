package dev.deflateaccel.agent.advise;

import java.io.PrintStream;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.deflateaccel.agent.jmx.JmxLogin;
import dev.deflateaccel.bridge.EngineLimits;
import dev.deflateaccel.bridge.config.AccelConfig;
import dev.deflateaccel.bridge.config.ConfigFile;
import dev.deflateaccel.bridge.config.ConfigKey;
import dev.deflateaccel.bridge.engine.DeflateEngine;

/**
 * {@code java -jar deflate-accel-agent.jar advise [options] PATH...}: reads a spread of chunks
 * from each of a node's tables, read-only, measures what every engine and level on this host would
 * make of them, and answers each goal per table and for the node; see {@link #USAGE}. Exit 0 when at least one table could be sampled, 1 when none
 * could, 2 for a usage error.
 */
public final class AdviseCommand {
    public static final String USAGE = "usage: java -jar deflate-accel-agent.jar advise [--json] [--cassandra-lib DIR]"
            + " [--goal cpu|size|zlib6] [--read-write R:W] [--weights FILE | --tablestats FILE] [--include-system]"
            + " [--include-snapshots] [--max-chunks N] [--max-mib N] [--seconds N] [--all-chunks]"
            + " [--node-cpu [HOST:]PORT [" + JmxLogin.USAGE + "]] [config=PATH] PATH...\n"
            + "  PATH: a data directory (/var/lib/cassandra/data; give each of the node's data_file_directories),"
            + " a keyspace folder, a table's folder or one *-Data.db; read only, never written\n"
            + "  --cassandra-lib DIR  Cassandra's lib/, for LZ4, Zstd and Snappy tables (the node's own jars)\n"
            + "  --goal G             what the node's config block and ALTER TABLE lines carry out: cpu (least CPU"
            + " at today's size, the default), size (smallest at no more CPU than today), zlib6 (least CPU at"
            + " zlib 6's size)\n"
            + "  --read-write R:W     bytes decompressed per bytes compressed (default 1:1, one compaction)\n"
            + "  --weights FILE       lines 'keyspace.table NUMBER': each table's weight in the node's CPU instead of"
            + " its size\n"
            + "  --tablestats FILE    nodetool tablestats output: each table weighed by its 'Space used (live)'\n"
            + "  --include-system     also system keyspaces (left out below a data directory)\n"
            + "  --include-snapshots  also snapshots and backups folders, each as a table of its own\n"
            + "  --max-chunks N       chunks sampled per table and compressor (default " + SampleBounds.DEFAULT_CHUNKS + ")\n"
            + "  --max-mib N          MiB of uncompressed chunks sampled per table and compressor (default "
            + SampleBounds.DEFAULT_MIB + ")\n"
            + "  --seconds N          time for the whole run, split among the tables by size (default "
            + SampleBounds.DEFAULT_SECONDS + ")\n"
            + "  --all-chunks         every chunk (no chunk or MiB bound; holds them all in memory)\n"
            + "  --node-cpu [HOST:]PORT  the node's JMX port (as nodetool's): read the codec's share of the node's CPU"
            + " that the agent measured over the last minute, before sampling, and predict it with each engine\n"
            + "  the JMX login for --node-cpu, as status and nodetool take it:\n" + JmxLogin.HELP
            + "  --json               the report as one JSON object; progress stays on stderr\n"
            + "  config=PATH          the agent's config file, for its *_library paths and qat_compression_level";

    /** Share of each table's time spent reading; of the rest, half for the sizes, half for the timing rounds. */
    private static final double READ_SHARE = 0.35;
    private static final double SIZE_SHARE = 0.5;

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
        boolean system = false;
        boolean snapshots = false;
        int maxChunks = SampleBounds.DEFAULT_CHUNKS;
        int maxMib = SampleBounds.DEFAULT_MIB;
        int seconds = SampleBounds.DEFAULT_SECONDS;
        Goal goal = Goal.LEAST_CPU_AT_TODAYS_SIZE;
        CostModel model = CostModel.COMPACTION;
        TableWeights weights = null;
        Path lib = null;
        Path config = null;
        String nodeCpu = null;
        JmxLogin login = new JmxLogin();
        List<Path> paths = new ArrayList<>();
        try {
            for (int i = 0; i < args.size(); i++) {
                String a = args.get(i);
                if (a.equals("--json")) {
                    json = true;
                } else if (a.equals("--all-chunks")) {
                    all = true;
                } else if (a.equals("--include-system")) {
                    system = true;
                } else if (a.equals("--include-snapshots")) {
                    snapshots = true;
                } else if (a.equals("--cassandra-lib")) {
                    lib = Paths.get(valueOf(args, ++i, a));
                } else if (a.equals("--goal")) {
                    goal = Goal.ofKey(valueOf(args, ++i, a));
                } else if (a.equals("--read-write")) {
                    model = CostModel.parse(valueOf(args, ++i, a));
                } else if (a.equals("--weights") || a.equals("--tablestats")) {
                    if (weights != null) {
                        throw new IllegalArgumentException("give --weights or --tablestats, once");
                    }
                    Path f = Paths.get(valueOf(args, ++i, a));
                    weights = a.equals("--weights") ? TableWeights.readWeights(f) : TableWeights.readTablestats(f);
                } else if (a.equals("--max-chunks")) {
                    maxChunks = positive(args, ++i, a);
                } else if (a.equals("--max-mib")) {
                    maxMib = positive(args, ++i, a);
                } else if (a.equals("--seconds")) {
                    seconds = positive(args, ++i, a);
                } else if (a.equals("--node-cpu")) {
                    nodeCpu = valueOf(args, ++i, a);
                } else if (login.accept(a, i + 1 < args.size() ? args.get(i + 1) : null)) {
                    i++;
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
            if (nodeCpu == null && login.given()) {
                throw new IllegalArgumentException("a JMX login (" + JmxLogin.USAGE + ") goes with --node-cpu");
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
        AdviseSettings settings = new AdviseSettings(new SSTableFinder.Options(system, snapshots,
                SSTableFinder.Lister.FILES), weights, goal, model);
        // The node's minute is read before advise samples anything: its own sampling burns a core for
        // --seconds, which slows the node it measures, and a minute read after it would end that long
        // after the moment the operator chose (after a load has stopped, say, with compactions left).
        NodeShares nodeShares = nodeCpu == null ? null : NodeShares.read(nodeCpu, login);
        AdviceRun run;
        try {
            run = advise(paths, lib, accel, bounds, settings, new Progress(err));
        } catch (AdviseException e) {
            for (String line : e.getMessage().split("\n")) {
                err.println("advise: " + line);
            }
            err.println("advise: nothing could be sampled; nothing was changed");
            return 1;
        }
        if (nodeShares != null) {
            run.codecCpu = nodeShares.lines(run);
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

    /** The node's shares as read before the sampling, or why they could not be: one line of the report, not a failed run. */
    private static final class NodeShares {
        private final NodeCodecCpu shares;
        private final String problem;

        private NodeShares(NodeCodecCpu shares, String problem) {
            this.shares = shares;
            this.problem = problem;
        }

        static NodeShares read(String nodeCpu, JmxLogin login) {
            try {
                return new NodeShares(NodeCodecCpu.read(nodeCpu, login), null);
            } catch (AdviseException e) {
                return new NodeShares(null, e.getMessage());
            }
        }

        /** The report's lines: the shares read, and each engine's prediction from this run's measurements. */
        List<String> lines(AdviceRun run) {
            if (shares == null) {
                return Collections.singletonList("not read: " + problem);
            }
            GoalDecision deflate = run.node.deflateTables();
            run.codecCpuShares = shares;
            run.codecCpuPredictions = SavingPrediction.everyRow(shares, deflate);
            List<String> lines = new ArrayList<>();
            lines.add("read from " + shares.source + " (DeflateCompressor's calls, as the agent timed them)");
            lines.addAll(SavingPrediction.lines(shares, deflate));
            return lines;
        }
    }

    AdviceRun advise(List<Path> paths, Path lib, AccelConfig accel, SampleBounds bounds, Progress progress)
            throws AdviseException {
        return advise(paths, lib, accel, bounds, AdviseSettings.defaults(), progress);
    }

    /** The run itself; an exception when the PATHs hold no user table's SSTables at all. */
    AdviceRun advise(List<Path> paths, Path lib, AccelConfig accel, SampleBounds bounds, AdviseSettings settings,
            Progress progress) throws AdviseException {
        long start = System.nanoTime();
        InputProblems problems = new InputProblems();
        List<TableAdvice> tables = new ArrayList<>();
        SSTableFinder.Found found = SSTableFinder.find(paths, settings.finder, problems);
        List<SSTableGroup> groups = new ArrayList<>();
        for (Map.Entry<TableRef, List<SSTable>> e : found.tables.entrySet()) {
            List<CompressedSSTable> read = new ArrayList<>();
            for (SSTable s : e.getValue()) {
                CompressedSSTable c = CompressedSSTable.read(s, problems);
                if (c != null) {
                    read.add(c);
                }
            }
            // A table none of whose SSTables could be used is named by its files' own lines: one line each.
            groups.addAll(SSTableGroup.of(e.getKey(), read));
        }
        progress.line(found.tables.size() + " table(s), " + groups.size() + " table(s) and compressor(s) to sample");
        long deadline = start + bounds.seconds * 1_000_000_000L;
        List<Long> sizes = new ArrayList<>();
        for (SSTableGroup g : groups) {
            sizes.add(g.uncompressedBytes());
        }
        NodeLibraries libraries = new NodeLibraries(lib);
        Map<Candidate, DeflateEngine> engines = openEngines(accel);
        try {
            for (int i = 0; i < groups.size(); i++) {
                long groupDeadline = TimeBudget.deadline(System.nanoTime(), deadline, sizes, i);
                tables.add(advise(groups.get(i), libraries, engines, bounds, groupDeadline, settings.model, problems,
                        progress));
            }
        } finally {
            for (DeflateEngine e : engines.values()) {
                if (e != null) {
                    e.close();
                }
            }
        }
        NodeAdvice node = new NodeAdvice(tables, settings.weights, settings.goal, settings.model);
        return new AdviceRun(version, bounds, tables, node, found.leftOut, problems, EngineMeasurement.cpuTime(),
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
            SampleBounds bounds, long groupDeadline, CostModel model, InputProblems problems, Progress progress) {
        String name = group.name() + " (" + group.compressorName + ")";
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
        int problemsBefore = problems.messages().size();
        int vanishedBefore = problems.vanishedFiles().size();
        ChunkSampler.Sample sample = new ChunkSampler(problems, progress).sample(group, codec, bounds, readDeadline);
        if (sample.chunks.isEmpty()) {
            return TableAdvice.notSampled(group, whyNoChunk(problems, problemsBefore, vanishedBefore, sample));
        }
        progress.line("read " + sample.chunks.size() + " chunks of " + name + "; measuring " + codec.describe()
                + " and every engine, interleaved");
        List<EngineMeasurement.Entry> entries = new ArrayList<>();
        for (Map.Entry<Candidate, DeflateEngine> e : engines.entrySet()) {
            Candidate c = e.getKey();
            DeflateEngine engine = e.getValue();
            if (c.isStock()) {
                entries.add(new EngineMeasurement.Entry(c, new DeflateSource(), null));
            } else if (!engine.status().isAvailable()) {
                entries.add(new EngineMeasurement.Entry(c, null, shortReason(engine.status().detail())));
            } else {
                entries.add(new EngineMeasurement.Entry(c, new EngineCodec(engine, c.label()), null));
            }
        }
        now = System.nanoTime();
        // --all-chunks asks for the exact size of every chunk: that pass is not cut short.
        long sizeDeadline = bounds.allChunks ? Long.MAX_VALUE
                : now + (long) (Math.max(0, groupDeadline - now) * SIZE_SHARE);
        EngineMeasurement.Result r = EngineMeasurement.measureAll(group.compressorName, codec, entries, sample.chunks,
                group.chunkCount(), sizeDeadline, groupDeadline);
        progress.line("measured " + entries.size() + " engines and levels on " + name + " ("
                + r.chunksMeasured + " chunks)");
        long uncompressed = 0;
        for (SampledChunk c : sample.chunks.subList(0, r.chunksMeasured)) {
            uncompressed += c.uncompressed.length;
        }
        return new TableAdvice(group, codec.describe(), codec.notAsTheNodeRunsIt(), null, r.chunksMeasured,
                sample.chunks.size(),
                sample.sstablesRead.size(), uncompressed, sample.stoppedByTime, r.current, r.engines, model);
    }

    /** The reason a table got no chunk, naming its problem: never "no chunk" with nothing to show. */
    private static String whyNoChunk(InputProblems problems, int problemsBefore, int vanishedBefore,
            ChunkSampler.Sample sample) {
        List<String> now = problems.messages();
        List<String> vanished = problems.vanishedFiles();
        if (now.size() > problemsBefore) {
            int more = now.size() - problemsBefore - 1;
            return "no chunk could be read: " + now.get(problemsBefore) + (more > 0 ? " (and " + more
                    + " more problems, listed below)" : "");
        }
        if (vanished.size() > vanishedBefore) {
            return "no chunk could be read: its SSTables were removed while it ran (a compaction); run it again";
        }
        if (sample.stoppedByTime) {
            return "time bound reached before a chunk was read (--seconds is for the whole run)";
        }
        return "no chunk could be read: it holds " + sample.groupChunks + " chunks";
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
