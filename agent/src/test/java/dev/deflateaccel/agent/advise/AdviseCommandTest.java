package dev.deflateaccel.agent.advise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.UnsupportedEncodingException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.deflateaccel.bridge.EngineLimits;
import dev.deflateaccel.bridge.EngineRegistry;
import dev.deflateaccel.bridge.config.AccelConfig;
import dev.deflateaccel.bridge.config.ConfigKey;
import dev.deflateaccel.bridge.engine.DeflateEngine;
import dev.deflateaccel.bridge.files.FolderDigest;

/**
 * The advisor on SSTables written here as Cassandra 4.0+ writes them (SyntheticSSTable); real
 * SSTables of real nodes are InstalledBaseIT's. Every run is checked to leave the folder as it was.
 */
class AdviseCommandTest {
    @TempDir
    Path dir;

    private Path table() {
        return dir.resolve("ks").resolve("rows-0123456789abcdef0123456789abcdef");
    }

    /** A short bound: the tests check what is measured, never how fast. */
    private static SampleBounds bounds(int maxChunks, boolean all) {
        return new SampleBounds(maxChunks, 32L << 20, 3, all);
    }

    private AdviceRun advise(SampleBounds bounds, Path lib, Path... paths) throws AdviseException {
        return new AdviseCommand(new PrintStream(new ByteArrayOutputStream()), System.err, "test")
                .advise(Arrays.asList(paths), lib, AccelConfig.defaults(), bounds, new Progress(System.err));
    }

    /** The command line's exit code, stdout and stderr. */
    private static String[] cli(String... args) throws UnsupportedEncodingException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = new AdviseCommand(new PrintStream(out, true, "UTF-8"), new PrintStream(err, true, "UTF-8"), "test")
                .run(Arrays.asList(args));
        return new String[] {Integer.toString(code), out.toString("UTF-8"), err.toString("UTF-8")};
    }

    private static Measurement row(TableAdvice t, String label) {
        for (Measurement m : t.engines) {
            if (m.label.equals(label)) {
                return m;
            }
        }
        throw new AssertionError("no row " + label);
    }

    @Test
    void deflateTableSampledMeasuredAndLeftAsItWas() throws Exception {
        SyntheticSSTable.deflate(table(), 1, 900_000, 16 << 10);
        SyntheticSSTable.deflate(table(), 2, 400_000, 16 << 10);
        FolderDigest before = FolderDigest.of(dir);
        String[] r = cli("--max-chunks", "24", "--seconds", "3", table().toString());
        assertEquals(before, FolderDigest.of(dir), "the data folder changed");
        assertEquals("0", r[0], r[2]);
        String text = r[1];
        assertTrue(text.contains("Table ks.rows (DeflateCompressor)"), text);
        assertTrue(text.contains("sample: 24 of 80 chunks"), text);
        assertTrue(text.contains("libdeflate 6"), text);
        assertTrue(text.contains("least CPU at today's size: "), text);
        assertTrue(text.contains("For the node (--goal cpu: least CPU at today's size): "), text);
        assertTrue(text.contains("What these numbers do not know:"), text);

        AdviceRun run = advise(bounds(24, false), null, table());
        TableAdvice t = run.tables.get(0);
        assertEquals(24, t.sampledChunks);
        assertEquals(2, t.sampledSSTables, "the sample must reach every SSTable");
        assertEquals(0, run.problems.messages().size(), run.problems.messages().toString());
        Measurement stock = row(t, "zlib 6");
        assertTrue(stock.usable(), stock.label + " " + stock.notMeasured + " " + stock.roundTripFailure);
        // The files were written by java.util.zip at level 6: stock zlib 6 makes exactly them.
        assertEquals(t.current.sampleBytes, stock.sampleBytes);
        assertEquals(t.group.dataBytes(), t.predictedBytes(stock));
        assertTrue(row(t, "libdeflate 6").usable());
        assertTrue(row(t, "igzip 1").usable());
        assertTrue(row(t, "libdeflate 1").sampleBytes > row(t, "libdeflate 9").sampleBytes);
        assertNotNull(t.answers.get(Goal.LEAST_CPU_AT_TODAYS_SIZE).pick);
        assertEquals(Collections.emptyList(), run.node.alterTables, "a Deflate table needs no ALTER TABLE");
        assertEquals(before, FolderDigest.of(dir), "the data folder changed");
    }

    /** --all-chunks predicts the size an engine gives the table: what recompressing every chunk gives. */
    @Test
    void allChunksPredictsWhatRecompressingEveryChunkGives() throws Exception {
        SyntheticSSTable a = SyntheticSSTable.deflate(table(), 1, 700_000, 64 << 10);
        SyntheticSSTable b = SyntheticSSTable.deflate(table(), 2, 300_000, 64 << 10);
        TableAdvice t = advise(bounds(1, true), null, table()).tables.get(0);
        AccelConfig config = AccelConfig.defaults().with(ConfigKey.LIBDEFLATE_COMPRESSION_LEVEL, "9");
        try (DeflateEngine engine = EngineRegistry.LIBDEFLATE.open(config, new EngineLimits(1, 1 << 20))) {
            long expected = recompressed(engine, a.uncompressed, 64 << 10) + recompressed(engine, b.uncompressed, 64 << 10);
            assertEquals(expected, t.predictedBytes(row(t, "libdeflate 9")));
        }
    }

    private static long recompressed(DeflateEngine engine, byte[] content, int chunk) {
        long sum = 0;
        byte[] out = new byte[chunk * 2];
        for (int at = 0; at < content.length; at += chunk) {
            int n = engine.compress(content, at, Math.min(chunk, content.length - at), out, 0, out.length);
            assertTrue(n > 0);
            sum += n + 4;
        }
        return sum;
    }

    /** min_compress_ratio: chunks Cassandra stored as they were are read as they are, and stay so. */
    @Test
    void chunksStoredUncompressedAreReadAndPredictedAsCassandraStoresThem() throws Exception {
        SyntheticSSTable s = SyntheticSSTable.write(table(), 1, "DeflateCompressor", new TreeMap<String, String>(),
                100_000, 16 << 10, 1024, SyntheticSSTable.deflate());
        assertTrue(Files.size(s.data) > 100_000, "every chunk must be stored uncompressed");
        AdviceRun run = advise(bounds(100, false), null, table());
        TableAdvice t = run.tables.get(0);
        assertEquals(7, t.sampledChunks, run.problems.messages().toString());
        assertEquals(0.0, t.sizeChange(row(t, "libdeflate 6")), 0.0);
        assertTrue(row(t, "libdeflate 6").usable());
    }

    /** Cassandra 4.0.19's compaction output ends with an empty chunk: read, and counted as it is stored. */
    @Test
    void emptyLastChunkOfACompaction() throws Exception {
        SyntheticSSTable s = SyntheticSSTable.write(table(), 1, "DeflateCompressor", new TreeMap<String, String>(),
                100_000, 16 << 10, Integer.MAX_VALUE, SyntheticSSTable.deflate(), true);
        AdviceRun run = advise(bounds(1, true), null, table());
        TableAdvice t = run.tables.get(0);
        assertEquals(Collections.emptyList(), run.problems.messages());
        assertEquals(8, t.group.chunkCount());
        assertEquals(8, t.sampledChunks);
        assertEquals(Files.size(s.data), t.current.sampleBytes, "every byte of Data.db is in the sample");
        assertEquals(Files.size(s.data), t.predictedBytes(row(t, "zlib 6")));
    }

    @Test
    void folderWithoutSSTables() throws Exception {
        Files.createDirectories(table());
        Files.write(table().resolve("nb-1-big-TOC.txt"), "Data.db\n".getBytes("UTF-8"));
        String[] r = cli(dir.resolve("ks").toString());
        assertEquals("1", r[0]);
        assertTrue(r[2].contains(dir.resolve("ks") + " holds no user table's SSTables"), r[2]);
    }

    @Test
    void missingPathAndUsage() throws Exception {
        String[] r = cli(dir.resolve("nope").toString());
        assertEquals("1", r[0]);
        assertTrue(r[2].contains(dir.resolve("nope") + " does not exist"), r[2]);
        SyntheticSSTable.deflate(table(), 1, 50_000, 16 << 10);
        String[] one = cli("--seconds", "2", dir.resolve("nope").toString(), table().toString());
        assertEquals("0", one[0], "the PATH that holds SSTables is sampled");
        assertTrue(one[1].contains(dir.resolve("nope") + " does not exist"), one[1]);
        assertEquals("2", cli()[0]);
        String[] bad = cli("--max-chunks", "0", dir.toString());
        assertEquals("2", bad[0]);
        assertTrue(bad[2].contains("--max-chunks takes a whole number above 0, not '0'"), bad[2]);
    }

    /** A component that cannot be read (here a folder where the file should be) is named, the rest is sampled. */
    @Test
    void unreadableFile() throws Exception {
        SyntheticSSTable.deflate(table(), 1, 200_000, 16 << 10);
        SyntheticSSTable s = SyntheticSSTable.deflate(table(), 2, 200_000, 16 << 10);
        Files.delete(s.compressionInfo);
        Files.createDirectory(s.compressionInfo);
        AdviceRun run = advise(bounds(100, false), null, table());
        assertTrue(run.anythingSampled());
        assertEquals(1, run.tables.get(0).group.sstables.size());
        assertProblem(run, "cannot read " + s.data + " or its CompressionInfo.db");
    }

    @Test
    void truncatedDataFile() throws Exception {
        SyntheticSSTable s = SyntheticSSTable.deflate(table(), 1, 300_000, 16 << 10);
        byte[] b = Files.readAllBytes(s.data);
        Files.write(s.data, Arrays.copyOf(b, b.length / 2));
        String[] r = cli("--seconds", "3", table().toString());
        assertEquals("1", r[0], "nothing could be sampled: " + r[1]);
        assertTrue(r[1].contains(s.compressionInfo + " and its Data.db disagree: chunk "), r[1]);
        assertTrue(r[1].contains("(Data.db truncated, or a CompressionInfo.db of another SSTable)"), r[1]);
    }

    @Test
    void corruptAndTruncatedCompressionInfo() throws Exception {
        SyntheticSSTable garbage = SyntheticSSTable.deflate(table(), 1, 100_000, 16 << 10);
        Files.write(garbage.compressionInfo, new byte[] {0, 3, 'a', 'b', 'c', 0, 0, 0, 0, 0, 0, 0x30, 0});
        SyntheticSSTable cut = SyntheticSSTable.deflate(table(), 2, 100_000, 16 << 10);
        byte[] b = Files.readAllBytes(cut.compressionInfo);
        Files.write(cut.compressionInfo, Arrays.copyOf(b, b.length - 3));
        SyntheticSSTable offsets = SyntheticSSTable.deflate(table(), 3, 100_000, 16 << 10);
        byte[] o = Files.readAllBytes(offsets.compressionInfo);
        o[o.length - 1] ^= 1; // the last chunk's offset moves by one: off its checksum
        o[o.length - 9 - 7] = 0x7f; // and the one before it far past the end of Data.db
        Files.write(offsets.compressionInfo, o);
        AdviceRun run;
        try {
            run = advise(bounds(100, false), null, table());
        } catch (AdviseException e) {
            throw new AssertionError(e);
        }
        assertFalse(run.anythingSampled());
        assertProblem(run, garbage.compressionInfo + " is not a valid CompressionInfo.db: chunk length 12288 is not a"
                + " power of two");
        assertProblem(run, cut.compressionInfo + " is not a valid CompressionInfo.db: it holds 53 bytes of chunk"
                + " offsets for 7 chunks (56 expected)");
        assertProblem(run, offsets.compressionInfo + " and its Data.db disagree: chunk 5 starts at");
    }

    @Test
    void checksumMismatchIsReportedAndTheChunkLeftOut() throws Exception {
        SyntheticSSTable s = SyntheticSSTable.deflate(table(), 1, 200_000, 16 << 10);
        CompressionInfo info = CompressionInfoReader.parse("x", Files.readAllBytes(s.compressionInfo), true,
                Files.size(s.data));
        SyntheticSSTable.flipByte(s.data, info.offset(2) + 10);
        FolderDigest before = FolderDigest.of(dir);
        AdviceRun run = advise(bounds(1, true), null, table());
        assertEquals(before, FolderDigest.of(dir));
        assertEquals(1, run.problems.checksumMismatches());
        assertProblem(run, "checksum mismatch in chunk 2 of " + s.data + " (at " + info.offset(2) + ")");
        assertEquals(info.chunkCount() - 1, run.tables.get(0).sampledChunks);
        String[] r = cli("--all-chunks", "--seconds", "3", table().toString());
        assertEquals("0", r[0], "other chunks were sampled: exit 0");
        assertTrue(r[1].contains("checksum mismatch in chunk 2 of " + s.data), r[1]);
    }

    @Test
    void unknownCompressorClass() throws Exception {
        SyntheticSSTable.write(table(), 1, "com.example.FancyCompressor", new TreeMap<String, String>(), 50_000,
                16 << 10, Integer.MAX_VALUE, SyntheticSSTable.deflate());
        String[] r = cli("--seconds", "3", table().toString());
        assertEquals("1", r[0]);
        assertTrue(r[1].contains("unknown compressor class com.example.FancyCompressor: the advisor reads"
                + " DeflateCompressor, LZ4Compressor, ZstdCompressor, SnappyCompressor and NoopCompressor SSTables"),
                r[1]);
    }

    /** A table of Deflate and LZ4 SSTables is reported per compressor; LZ4 needs the node's lz4-java. */
    @Test
    void mixedCompressorsReportedPerCompressor() throws Exception {
        Path lib = Paths.get(System.getProperty("deflateaccel.node.lib"));
        Lz4Source lz4 = new Lz4Source(new NodeLibraries(lib), Collections.<String, String>emptyMap());
        SyntheticSSTable.deflate(table(), 1, 300_000, 16 << 10);
        SyntheticSSTable.write(table(), 2, "LZ4Compressor", new TreeMap<String, String>(), 300_000, 16 << 10,
                Integer.MAX_VALUE, chunk -> {
                    byte[] out = new byte[lz4.bound(chunk.length)];
                    return Arrays.copyOf(out, lz4.compress(chunk, out));
                });

        AdviceRun without = advise(bounds(100, false), null, table());
        assertEquals(2, without.tables.size());
        assertTrue(without.tables.get(0).sampled());
        assertFalse(without.tables.get(1).sampled());
        assertEquals("LZ4Compressor", without.tables.get(1).group.compressorName);
        assertTrue(without.tables.get(1).notSampled.contains("give --cassandra-lib DIR"), without.tables.get(1).notSampled);

        AdviceRun with = advise(bounds(100, false), lib, table());
        TableAdvice l = with.tables.get(1);
        assertTrue(l.sampled(), with.problems.messages().toString());
        assertTrue(l.codec.startsWith("LZ4Compressor (fast; lz4-java from "), l.codec);
        assertTrue(l.current.compress.measured() && l.current.decompress.measured());
        assertTrue(l.sizeChange(row(l, "libdeflate 6")) < -0.05, "Deflate is smaller than LZ4 on these rows");
        assertEquals("ALTER TABLE ks.rows WITH compression = {'class': 'DeflateCompressor', 'chunk_length_in_kb': '16'};",
                AlterTable.toDeflate(l.group));

        String[] json = cli("--json", "--seconds", "3", "--cassandra-lib", lib.toString(), table().toString());
        assertEquals("0", json[0], json[2]);
        assertTrue(json[1].startsWith("{\"tool\":\"deflate-accel advise\""), json[1]);
        assertTrue(json[1].contains("\"compressor\":\"LZ4Compressor\""), json[1]);
        assertTrue(json[1].contains("\"compressor\":\"DeflateCompressor\""), json[1]);
        // Without --node-cpu there are no shares to report, and the key says so.
        assertTrue(json[1].contains("\"nodeCodecCpu\":[],\"nodeCodecCpuShares\":null,"), json[1]);
    }

    /** Zstd and Snappy tables, read with the node's zstd-jni and snappy-java through their own class loaders. */
    @Test
    void zstdAndSnappyTablesReadWithTheNodesJars() throws Exception {
        Path lib = Paths.get(System.getProperty("deflateaccel.node.lib"));
        TreeMap<String, String> level = new TreeMap<>();
        level.put("compression_level", "3");
        ZstdSource zstd = new ZstdSource(new NodeLibraries(lib), level);
        SnappySource snappy = new SnappySource(new NodeLibraries(lib));
        Path zstdTable = dir.resolve("ks").resolve("z-0123456789abcdef0123456789abcdef");
        Path snappyTable = dir.resolve("ks").resolve("s-0123456789abcdef0123456789abcdef");
        SyntheticSSTable.write(zstdTable, 1, "ZstdCompressor", level, 300_000, 16 << 10, Integer.MAX_VALUE, with(zstd));
        SyntheticSSTable.write(snappyTable, 1, "SnappyCompressor", new TreeMap<String, String>(), 300_000, 16 << 10,
                Integer.MAX_VALUE, with(snappy));
        AdviceRun run = advise(bounds(100, false), lib, dir.resolve("ks"));
        assertEquals(Collections.emptyList(), run.problems.messages());
        TableAdvice s = run.tables.get(0);
        TableAdvice z = run.tables.get(1);
        assertEquals("SnappyCompressor", s.group.compressorName);
        assertEquals("ZstdCompressor", z.group.compressorName);
        assertTrue(z.codec.startsWith("ZstdCompressor (level 3; zstd-jni from "), z.codec);
        for (TableAdvice t : Arrays.asList(s, z)) {
            assertEquals(19, t.sampledChunks);
            assertTrue(t.current.compress.measured() && t.current.decompress.measured(), t.group.compressorName);
            assertTrue(row(t, "libdeflate 6").usable());
        }
        assertTrue(s.sizeChange(row(s, "libdeflate 6")) < 0, "Deflate is smaller than Snappy on these rows");
    }

    /** NoopCompressor: stored as it is; Deflate's size change is then against the raw bytes. */
    @Test
    void noopTable() throws Exception {
        SyntheticSSTable.write(table(), 1, "NoopCompressor", new TreeMap<String, String>(), 100_000, 16 << 10,
                Integer.MAX_VALUE, with(new NoopSource()));
        TableAdvice t = advise(bounds(100, false), null, table()).tables.get(0);
        assertEquals(7, t.sampledChunks);
        assertEquals(100_000 + 7 * 4, t.current.sampleBytes);
        assertTrue(t.sizeChange(row(t, "zlib 6")) < -0.2, "rows compress well: " + t.sizeChange(row(t, "zlib 6")));
    }

    private static SyntheticSSTable.Compress with(SourceCodec codec) {
        return chunk -> {
            byte[] out = new byte[codec.bound(chunk.length)];
            return Arrays.copyOf(out, codec.compress(chunk, out));
        };
    }

    /** More SSTables than files kept open: each is closed and reopened as the spread order needs it. */
    @Test
    void moreSSTablesThanOpenFiles() throws Exception {
        int n = ChunkSampler.OPEN_FILES + 8;
        for (int g = 1; g <= n; g++) {
            SyntheticSSTable.deflate(table(), g, 40_000, 16 << 10);
        }
        AdviceRun run = advise(bounds(1, true), null, table());
        assertEquals(Collections.emptyList(), run.problems.messages());
        assertEquals(n, run.tables.get(0).sampledSSTables);
        assertEquals(3 * n, run.tables.get(0).sampledChunks);
    }

    /** An SSTable a compaction removes between listing and reading is skipped and counted, not an error. */
    @Test
    void sstableRemovedWhileRunning() throws Exception {
        SyntheticSSTable a = SyntheticSSTable.deflate(table(), 1, 200_000, 16 << 10);
        SyntheticSSTable.deflate(table(), 2, 200_000, 16 << 10);
        InputProblems problems = new InputProblems();
        List<CompressedSSTable> read = new ArrayList<>();
        for (SSTable s : SSTableFinder.find(Collections.singletonList(table()), problems).values().iterator().next()) {
            read.add(CompressedSSTable.read(s, problems));
        }
        Files.delete(a.data);
        Files.delete(a.compressionInfo);
        SSTableGroup group = SSTableGroup.of(table(), read).get(0);
        ChunkSampler.Sample sample = new ChunkSampler(problems, null)
                .sample(group, new DeflateSource(), bounds(1, true), Long.MAX_VALUE);
        assertEquals(Collections.singletonList(a.data.toString()), problems.vanishedFiles());
        assertEquals(13, sample.chunks.size(), "the other SSTable's chunks");
        assertTrue(problems.messages().isEmpty(), problems.messages().toString());
    }

    private static void assertProblem(AdviceRun run, String start) {
        for (String m : run.problems.messages()) {
            if (m.startsWith(start)) {
                return;
            }
        }
        throw new AssertionError("no problem starting with '" + start + "' in " + run.problems.messages());
    }
}
