package dev.deflateaccel.agent.advise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.deflateaccel.bridge.config.AccelConfig;
import dev.deflateaccel.bridge.files.FolderDigest;

/**
 * advise on a whole data directory written here as Cassandra 4.0+ lays one out: keyspace folders,
 * table folders below them, a system keyspace, snapshots and backups; Deflate, LZ4, Zstd and
 * compression-disabled tables. Every run must leave every file as it was.
 */
class NodeDataDirectoryTest {
    private static final String ID = "-0123456789abcdef0123456789abcdef";

    @TempDir
    Path dir;

    private Path lib() {
        return Paths.get(System.getProperty("deflateaccel.node.lib"));
    }

    private Path data() {
        return dir.resolve("data");
    }

    private Path table(Path data, String keyspace, String table) {
        return data.resolve(keyspace).resolve(table + ID);
    }

    /** events (Deflate, with a snapshot and a backup), carts (LZ4), audit (Zstd), raw (compression disabled), system.local. */
    private void node(Path data) throws Exception {
        Path events = table(data, "shop", "events");
        SyntheticSSTable.deflate(events, 1, 400_000, 16 << 10);
        SyntheticSSTable.deflate(events, 2, 200_000, 16 << 10);
        SyntheticSSTable.deflate(events.resolve("snapshots").resolve("before-upgrade"), 1, 400_000, 16 << 10);
        SyntheticSSTable.deflate(events.resolve("backups"), 3, 100_000, 16 << 10);
        Lz4Source lz4 = new Lz4Source(new NodeLibraries(lib()), new TreeMap<String, String>());
        SyntheticSSTable.write(table(data, "shop", "carts"), 1, "LZ4Compressor", new TreeMap<String, String>(), 300_000,
                16 << 10, Integer.MAX_VALUE, with(lz4));
        TreeMap<String, String> level = new TreeMap<>();
        level.put("compression_level", "3");
        SyntheticSSTable.write(table(data, "shop", "audit"), 1, "ZstdCompressor", level, 300_000, 16 << 10,
                Integer.MAX_VALUE, with(new ZstdSource(new NodeLibraries(lib()), level)));
        SyntheticSSTable.uncompressed(table(data, "shop", "raw"), 1, 200_000);
        SyntheticSSTable.deflate(table(data, "system", "local"), 1, 50_000, 16 << 10);
        SyntheticSSTable.deflate(table(data, "system_schema", "tables"), 1, 50_000, 16 << 10);
        Files.createDirectories(table(data, "shop", "never_flushed"));
    }

    private static SyntheticSSTable.Compress with(SourceCodec codec) {
        return chunk -> {
            byte[] out = new byte[codec.bound(chunk.length)];
            return Arrays.copyOf(out, codec.compress(chunk, out));
        };
    }

    private static String[] cli(String... args) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = new AdviseCommand(new PrintStream(out, true, "UTF-8"), new PrintStream(err, true, "UTF-8"), "test")
                .run(Arrays.asList(args));
        return new String[] {Integer.toString(code), out.toString("UTF-8"), err.toString("UTF-8")};
    }

    private AdviceRun advise(AdviseSettings settings, Path... paths) throws AdviseException {
        return new AdviseCommand(new PrintStream(new ByteArrayOutputStream()), System.err, "test").advise(
                Arrays.asList(paths), lib(), AccelConfig.defaults(), new SampleBounds(64, 32L << 20, 4, false), settings,
                new Progress(System.err));
    }

    private static TableAdvice named(AdviceRun run, String name) {
        for (TableAdvice t : run.tables) {
            if (t.group.name().equals(name)) {
                return t;
            }
        }
        throw new AssertionError("no table " + name + " in " + names(run));
    }

    private static List<String> names(AdviceRun run) {
        List<String> l = new ArrayList<>();
        for (TableAdvice t : run.tables) {
            l.add(t.group.name() + " (" + t.group.compressorName + ")");
        }
        return l;
    }

    private static int count(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }

    @Test
    void dataDirectoryGivesOneNodeAnswer() throws Exception {
        node(data());
        FolderDigest before = FolderDigest.of(dir);
        String[] r = cli("--seconds", "8", "--max-chunks", "64", "--cassandra-lib", lib().toString(), data().toString());
        assertEquals(before, FolderDigest.of(dir), "the data directory changed");
        assertEquals("0", r[0], r[2]);
        String text = r[1];
        System.out.println(text);
        for (String t : Arrays.asList("Table shop.events (DeflateCompressor)", "Table shop.carts (LZ4Compressor)",
                "Table shop.audit (ZstdCompressor)", "Table shop.raw (uncompressed)")) {
            assertEquals(1, count(text, t), t + " once in:\n" + text);
        }
        assertFalse(text.contains("system.local") || text.contains("snapshots/"), text);
        assertTrue(text.contains("system keyspaces system, system_schema (--include-system advises them)"), text);
        assertTrue(text.contains("2 snapshots and backups folders (--include-snapshots"), text);
        assertEquals(1, count(text, "For the node (--goal cpu: least CPU at today's size): "), text);
        assertTrue(count(text, "In the agent's config file") <= 1, text);
        assertEquals(5, count(text, "least CPU at today's size: "), "four tables and the node:\n" + text);
        assertFalse(text.contains("Not used ("), "nothing went wrong:\n" + text);

        AdviceRun run = advise(AdviseSettings.defaults(), data());
        assertEquals(4, run.tables.size(), names(run).toString());
        for (TableAdvice t : run.tables) {
            assertTrue(t.sampled(), t.group.name() + ": " + t.notSampled);
        }
        // LZ4 today: keep, unless a row is as small and cheaper beyond the measured spread.
        TableAdvice carts = named(run, "shop.carts");
        GoalAnswer cpu = carts.answers.get(Goal.LEAST_CPU_AT_TODAYS_SIZE);
        Alternative lz4 = carts.decision.current();
        CostModel model = carts.decision.model();
        assertTrue(cpu.keep() || cpu.pick.cost(model) + cpu.pick.costSpread(model) + lz4.costSpread(model)
                < lz4.cost(model), cpu.line(lz4, model));
        // Compression disabled today: no codec CPU at all, so keeping is the least CPU; zlib 6's size moves it.
        TableAdvice raw = named(run, "shop.raw");
        assertEquals("uncompressed", raw.group.compressorName);
        assertTrue(raw.answers.get(Goal.LEAST_CPU_AT_TODAYS_SIZE).keep());
        assertFalse(raw.answers.get(Goal.LEAST_CPU_AT_ZLIB6_SIZE).keep());
        assertTrue(raw.sizeChange(raw.stock()) < -0.2, "rows compress well");
        assertEquals(before, FolderDigest.of(dir), "the data directory changed");

        String[] json = cli("--json", "--seconds", "6", "--max-chunks", "32", "--cassandra-lib", lib().toString(),
                data().toString());
        assertEquals("0", json[0], json[2]);
        assertEquals(1, count(json[1], "\"node\":{\"goal\":\"cpu\""), json[1]);
        assertEquals(4, count(json[1], "{\"folder\":"), json[1]);
        assertEquals(before, FolderDigest.of(dir), "the data directory changed");
    }

    /** A run shorter than the sizes take: every row stops at the same chunk, and the report says why. */
    @Test
    void timeBoundReachedIsSaidAsSuch() throws Exception {
        SyntheticSSTable.deflate(table(data(), "shop", "big"), 1, 12_000_000, 16 << 10);
        SyntheticSSTable.deflate(table(data(), "shop", "small"), 1, 100_000, 16 << 10);
        String[] r = cli("--seconds", "1", data().toString());
        assertEquals("0", r[0], r[2]);
        String big = r[1].substring(r[1].indexOf("Table shop.big"), r[1].indexOf("Table shop.small"));
        assertTrue(big.contains("\n  time bound reached: ") && big.contains(" (--seconds gives the run more)\n"), big);
        assertTrue(big.contains("sizes measured on the first ") || big.contains("reading stopped at "), big);
        assertTrue(big.contains("least CPU at today's size: "), "still an answer, on the chunks measured:\n" + big);
        assertFalse(r[1].contains("no chunk could be read"), r[1]);
        assertTrue(r[1].contains("Table shop.small (DeflateCompressor)"), r[1]);
    }

    /** The text and the JSON of one run say the same: each table's and the node's answers, the config block. */
    @Test
    void jsonSaysWhatTheTextSays() throws Exception {
        node(data());
        AdviceRun run = advise(AdviseSettings.defaults(), data());
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        TextReport.write(new PrintStream(text, true, "UTF-8"), run);
        ByteArrayOutputStream json = new ByteArrayOutputStream();
        JsonReport.write(new PrintStream(json, true, "UTF-8"), run);
        String t = text.toString("UTF-8");
        String j = json.toString("UTF-8");
        for (TableAdvice table : run.tables) {
            for (Goal g : Goal.values()) {
                String line = table.answers.get(g).line(table.decision.current(), table.decision.model());
                assertTrue(t.contains("\n  " + line + "\n"), line + "\nnot in:\n" + t);
                assertTrue(j.contains("\"line\":\"" + line.replace("\"", "\\\"") + "\""), line + "\nnot in:\n" + j);
            }
        }
        NodeAdvice node = run.node;
        for (Goal g : Goal.values()) {
            String line = node.answers.get(g).line(node.decisions.get(g).current(), node.model);
            assertTrue(t.contains("\n  " + line + "\n"), line + "\nnot in:\n" + t);
            assertTrue(j.contains("\"line\":\"" + line + "\""), line + "\nnot in:\n" + j);
        }
        assertTrue(t.contains(node.configSummary) && j.contains("\"summary\":\"" + node.configSummary + "\""), j);
        for (String l : node.configLines) {
            assertTrue(t.contains("\n    " + l + "\n") && j.contains("\"" + l + "\""), l);
        }
    }

    /** A node's data_file_directories: the same table's folders in each are one table. */
    @Test
    void severalDataDirectoriesAreOneNode() throws Exception {
        Path one = dir.resolve("data1");
        Path two = dir.resolve("data2");
        SyntheticSSTable.deflate(table(one, "shop", "events"), 1, 200_000, 16 << 10);
        SyntheticSSTable.deflate(table(two, "shop", "events"), 2, 200_000, 16 << 10);
        SyntheticSSTable.deflate(table(two, "shop", "users"), 1, 100_000, 16 << 10);
        AdviceRun run = advise(AdviseSettings.defaults(), one, two);
        assertEquals(Arrays.asList("shop.events (DeflateCompressor)", "shop.users (DeflateCompressor)"), names(run));
        TableAdvice events = named(run, "shop.events");
        assertEquals(2, events.group.sstables.size());
        assertEquals(Arrays.asList(table(one, "shop", "events"), table(two, "shop", "events")),
                events.group.ref.folders());
        assertEquals(2, events.sampledSSTables, "the sample reaches both directories");
    }

    @Test
    void systemAndSnapshotsWhenAskedFor() throws Exception {
        node(data());
        AdviseSettings settings = new AdviseSettings(new SSTableFinder.Options(true, true, SSTableFinder.Lister.FILES),
                null, Goal.LEAST_CPU_AT_TODAYS_SIZE, CostModel.COMPACTION);
        AdviceRun run = advise(settings, data());
        List<String> names = names(run);
        assertTrue(names.contains("system.local (DeflateCompressor)"), names.toString());
        assertTrue(names.contains("shop.events (snapshots/before-upgrade) (DeflateCompressor)"), names.toString());
        assertTrue(names.contains("shop.events (backups) (DeflateCompressor)"), names.toString());
        assertEquals(2, named(run, "shop.events").group.sstables.size(), "the live table keeps its own SSTables");
        assertEquals(Arrays.asList(), run.leftOut);
    }

    @Test
    void dataDirectoryWithoutUserTables() throws Exception {
        SyntheticSSTable.deflate(table(data(), "system", "local"), 1, 50_000, 16 << 10);
        Files.createDirectories(table(data(), "shop", "never_flushed"));
        String[] r = cli("--seconds", "2", data().toString());
        assertEquals("1", r[0], r[1]);
        assertTrue(r[2].contains("advise: " + data() + " holds no user table's SSTables: no *-Data.db in it, in the"
                + " table folders below it or in those of its keyspace folders but what was left out (system keyspaces"
                + " system (--include-system advises them)); nothing advised from it\n"), r[2]);
    }

    /**
     * An unreadable table folder, a truncated Data.db, a Data.db of something else, and a Data.db
     * with no CompressionInfo.db: one line each naming the file and what was done; the rest of the
     * node is advised.
     */
    @Test
    void badInputIsNamedAndTheRestAdvised() throws Exception {
        Path data = data();
        SyntheticSSTable.deflate(table(data, "shop", "events"), 1, 300_000, 16 << 10);
        Path locked = table(data, "shop", "locked");
        SyntheticSSTable.deflate(locked, 1, 100_000, 16 << 10);
        SyntheticSSTable truncated = SyntheticSSTable.deflate(table(data, "shop", "cut"), 1, 300_000, 16 << 10);
        byte[] b = Files.readAllBytes(truncated.data);
        Files.write(truncated.data, Arrays.copyOf(b, b.length / 2));
        // A file of another program under an SSTable's name, beside a valid CompressionInfo.db of that length.
        SyntheticSSTable foreign = SyntheticSSTable.deflate(table(data, "shop", "foreign"), 1, 100_000, 16 << 10);
        byte[] noise = new byte[(int) Files.size(foreign.data)];
        new Random(1).nextBytes(noise);
        Files.write(foreign.data, noise);
        Path stray = table(data, "shop", "events").resolve("nb-9-big-Data.db");
        Files.write(stray, "not an SSTable".getBytes("UTF-8"));
        SSTableFinder.Lister denyLocked = folder -> {
            if (folder.equals(locked)) {
                throw new AccessDeniedException(folder.toString());
            }
            return SSTableFinder.Lister.FILES.list(folder);
        };
        FolderDigest before = FolderDigest.of(dir);
        AdviceRun run = advise(new AdviseSettings(new SSTableFinder.Options(false, false, denyLocked), null,
                Goal.LEAST_CPU_AT_TODAYS_SIZE, CostModel.COMPACTION), data);
        assertEquals(before, FolderDigest.of(dir));
        List<String> problems = run.problems.messages();
        assertLine(problems, "cannot list " + locked + ": java.nio.file.AccessDeniedException: " + locked
                + "; the tables in it were not advised, the rest were");
        assertLine(problems, truncated.compressionInfo + " and its Data.db disagree: chunk ");
        assertEquals(1, mentioning(problems, table(data, "shop", "cut").toString()), "one line for the truncated file: "
                + problems);
        assertEquals(1, mentioning(problems, foreign.data.toString()), problems.toString());
        assertLine(problems, foreign.data + ": its first 3 chunks read all fail their checksums: not the Data.db its"
                + " CompressionInfo.db describes (another file, or overwritten); skipped");
        assertLine(problems, stray + " has no nb-9-big-CompressionInfo.db and no TOC.txt that leaves it out: an SSTable"
                + " still being written; skipped");
        TableAdvice f = named(run, "shop.foreign");
        assertFalse(f.sampled());
        assertTrue(f.notSampled.startsWith("no chunk could be read: " + foreign.data + ": its first 3 chunks"),
                f.notSampled);
        assertTrue(named(run, "shop.events").sampled(), "the rest of the node is advised");
        assertEquals("shop.events", run.node.tables.get(0).group.name());
        assertEquals(1, run.node.tables.size());
    }

    private static int mentioning(List<String> lines, String part) {
        int n = 0;
        for (String l : lines) {
            if (l.contains(part)) {
                n++;
            }
        }
        return n;
    }

    private static void assertLine(List<String> lines, String start) {
        int n = 0;
        for (String l : lines) {
            if (l.startsWith(start)) {
                n++;
            }
        }
        assertEquals(1, n, "one line starting with '" + start + "' in " + lines);
    }
}
