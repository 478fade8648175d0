package dev.deflateaccel.agent.advise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.Collections;
import java.util.Enumeration;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.deflateaccel.bridge.config.AccelConfig;

/**
 * LZ4, Zstd and other tables measured as the node runs them, with the node's own jars (lz4-java
 * 1.8.0, zstd-jni 1.5.7-2 in the test's node lib/); and each way a node's compressor can be
 * unusable here, with its own line and every other table still advised.
 */
class NodeCompressorsTest {
    @TempDir
    Path dir;

    private static final Path NODE_LIB = Paths.get(System.getProperty("deflateaccel.node.lib"));

    private Path table(String name) {
        return dir.resolve("data").resolve("ks").resolve(name + "-0123456789abcdef0123456789abcdef");
    }

    private AdviceRun advise(Path lib) throws AdviseException {
        return new AdviseCommand(new PrintStream(new ByteArrayOutputStream()), System.err, "test")
                .advise(Collections.singletonList(dir.resolve("data")), lib, AccelConfig.defaults(),
                        new SampleBounds(40, 32L << 20, 3, false), new Progress(System.err));
    }

    private static SyntheticSSTable.Compress with(SourceCodec codec) {
        return chunk -> {
            byte[] out = new byte[codec.bound(chunk.length)];
            return Arrays.copyOf(out, codec.compress(chunk, out));
        };
    }

    private static Map<String, String> options(String... kv) {
        Map<String, String> m = new TreeMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return m;
    }

    private void deflateTable() throws Exception {
        SyntheticSSTable.deflate(table("d"), 1, 300_000, 16 << 10);
    }

    private void lz4Table(String name, Map<String, String> options) throws Exception {
        SyntheticSSTable.write(table(name), 1, "LZ4Compressor", options, 300_000, 16 << 10, Integer.MAX_VALUE,
                with(new Lz4Source(new NodeLibraries(NODE_LIB), Collections.<String, String>emptyMap())));
    }

    private static TableAdvice find(AdviceRun run, String table) {
        for (TableAdvice t : run.tables) {
            if (t.group.table().equals(table)) {
                return t;
            }
        }
        throw new AssertionError("no table " + table);
    }

    /** The node's LZ4Compressor gets lz4-java's JNI instance; so does the advisor, from its own class loader. */
    @Test
    void lz4IsTimedThroughItsJniCode() throws Exception {
        Lz4Source lz4 = new Lz4Source(new NodeLibraries(NODE_LIB), Collections.<String, String>emptyMap());
        assertNull(lz4.notAsTheNodeRunsIt());
        assertTrue(lz4.describe().contains("its JNI code, as the node runs it"), lz4.describe());
        deflateTable();
        lz4Table("l", Collections.<String, String>emptyMap());
        AdviceRun run = advise(NODE_LIB);
        TableAdvice l = find(run, "l");
        assertTrue(l.sampled(), run.problems.messages().toString());
        assertNull(l.notAsTheNodeRunsIt);
        assertTrue(find(run, "d").sampled());
    }

    /** Where lz4-java's JNI code cannot load (here: a jar without it), its Java code is timed, said, and never moved. */
    @Test
    void lz4WithoutItsJniCodeIsSaidAndNeverMoved() throws Exception {
        Path lib = withoutNativeCode("lz4-java");
        Lz4Source javaOnly = new Lz4Source(new NodeLibraries(lib), Collections.<String, String>emptyMap());
        assertTrue(javaOnly.notAsTheNodeRunsIt().startsWith("lz4-java's JNI code could not load here ("),
                javaOnly.notAsTheNodeRunsIt());
        assertTrue(javaOnly.notAsTheNodeRunsIt().contains("the node's JNI code may be faster, so this table gets no"
                + " advice to move"), javaOnly.notAsTheNodeRunsIt());
        assertTrue(javaOnly.describe().contains("LZ4Factory:Java"), javaOnly.describe());
        deflateTable();
        lz4Table("l", Collections.<String, String>emptyMap());
        AdviceRun run = advise(lib);
        TableAdvice l = find(run, "l");
        assertTrue(l.sampled());
        assertEquals(javaOnly.notAsTheNodeRunsIt(), l.notAsTheNodeRunsIt);
        for (Goal g : Goal.values()) {
            assertNull(l.answers.get(g).pick, g.key);
        }
        assertEquals(Collections.emptyList(), run.node.alterTables);
        assertTrue(find(run, "d").sampled());
    }

    /** lz4_compressor_type: high is timed with the high compressor at the table's level. */
    @Test
    void lz4HighIsTimedAtItsLevel() throws Exception {
        lz4Table("h", options("lz4_compressor_type", "high", "lz4_high_compressor_level", "12"));
        TableAdvice h = find(advise(NODE_LIB), "h");
        assertTrue(h.sampled());
        assertTrue(h.codec.startsWith("LZ4Compressor (high, level 12; lz4-java from "), h.codec);
    }

    /** Options Cassandra itself would refuse: one line naming the option and the value, the other tables advised. */
    @Test
    void lz4OptionsCassandraRefusesAreNamed() throws Exception {
        deflateTable();
        lz4Table("t", options("lz4_compressor_type", "medium"));
        lz4Table("v", options("lz4_compressor_type", "high", "lz4_high_compressor_level", "18"));
        AdviceRun run = advise(NODE_LIB);
        assertEquals("lz4_compressor_type 'medium' is neither fast nor high, the two Cassandra accepts",
                find(run, "t").notSampled);
        assertEquals("lz4_high_compressor_level '18' is not a level from 1 to 17", find(run, "v").notSampled);
        assertTrue(find(run, "d").sampled());
        assertProblem(run, table("t") + ": 1 SSTables not sampled: lz4_compressor_type 'medium'");
    }

    /** zstd-jni missing from the node's lib/, or there without its native code: named, the rest advised. */
    @Test
    void zstdJniMissingOrUnloadable() throws Exception {
        deflateTable();
        SyntheticSSTable.write(table("z"), 1, "ZstdCompressor", options("compression_level", "3"), 300_000, 16 << 10,
                Integer.MAX_VALUE, with(new ZstdSource(new NodeLibraries(NODE_LIB), options())));
        Path noZstd = Files.createDirectories(dir.resolve("lib-without-zstd"));
        try (java.nio.file.DirectoryStream<Path> jars = Files.newDirectoryStream(NODE_LIB, "lz4*.jar")) {
            for (Path j : jars) {
                Files.copy(j, noZstd.resolve(j.getFileName()));
            }
        }
        AdviceRun missing = advise(noZstd);
        assertEquals("no zstd-jni*.jar in --cassandra-lib " + noZstd + ", which ZstdCompressor SSTables need",
                find(missing, "z").notSampled);
        assertTrue(find(missing, "d").sampled());

        Path broken = withoutNativeCode("zstd-jni");
        AdviceRun unloadable = advise(broken);
        String why = find(unloadable, "z").notSampled;
        assertTrue(why.startsWith("cannot load com.github.luben.zstd.Zstd from " + broken), why);
        assertTrue(find(unloadable, "d").sampled());
    }

    /**
     * Cassandra 6.0's lib/ holds zstd-jni as one jar per platform, each with the same classes and
     * its own native library: the one for this platform is found however the others sort.
     */
    @Test
    void zstdJniAsOneJarPerPlatform() throws Exception {
        Path lib = Files.createDirectories(dir.resolve("lib-6.0"));
        try (java.nio.file.DirectoryStream<Path> jars = Files.newDirectoryStream(NODE_LIB, "zstd-jni*.jar")) {
            for (Path j : jars) {
                String base = j.getFileName().toString().replace(".jar", "");
                stripNative(j, lib.resolve(base + "-darwin_x86_64.jar"));
                Files.copy(j, lib.resolve(base + "-linux_amd64.jar"));
            }
        }
        ZstdSource zstd = new ZstdSource(new NodeLibraries(lib), options("compression_level", "3"));
        byte[] chunk = new byte[16384];
        java.util.Arrays.fill(chunk, (byte) 'z');
        byte[] out = new byte[zstd.bound(chunk.length)];
        int n = zstd.compress(chunk, out);
        byte[] back = new byte[chunk.length];
        zstd.decompress(out, n, back);
        assertTrue(java.util.Arrays.equals(chunk, back));
    }

    /** A compressor class the advisor does not know is named; the tables beside it are advised. */
    @Test
    void unknownCompressorBesideOthers() throws Exception {
        deflateTable();
        SyntheticSSTable.write(table("f"), 1, "com.example.FancyCompressor", options(), 50_000, 16 << 10,
                Integer.MAX_VALUE, SyntheticSSTable.deflate());
        AdviceRun run = advise(NODE_LIB);
        assertTrue(find(run, "f").notSampled.startsWith("unknown compressor class com.example.FancyCompressor"),
                find(run, "f").notSampled);
        assertTrue(find(run, "d").sampled());
    }

    /** A copy of the node's lib/ where {@code prefix}'s jar has no native library in it. */
    private Path withoutNativeCode(String prefix) throws IOException {
        Path lib = Files.createDirectories(dir.resolve("lib-" + prefix + "-no-native"));
        try (java.nio.file.DirectoryStream<Path> jars = Files.newDirectoryStream(NODE_LIB, "*.jar")) {
            for (Path j : jars) {
                Path to = lib.resolve(j.getFileName());
                if (j.getFileName().toString().startsWith(prefix)) {
                    stripNative(j, to);
                } else {
                    Files.copy(j, to);
                }
            }
        }
        return lib;
    }

    private static void stripNative(Path from, Path to) throws IOException {
        try (ZipFile in = new ZipFile(from.toFile()); OutputStream o = Files.newOutputStream(to);
                ZipOutputStream out = new ZipOutputStream(o)) {
            Enumeration<? extends ZipEntry> entries = in.entries();
            while (entries.hasMoreElements()) {
                ZipEntry e = entries.nextElement();
                String n = e.getName();
                if (n.endsWith(".so") || n.endsWith(".dll") || n.endsWith(".dylib") || n.endsWith(".jnilib")) {
                    continue;
                }
                out.putNextEntry(new ZipEntry(n));
                try (InputStream is = in.getInputStream(e)) {
                    byte[] b = new byte[8192];
                    for (int r; (r = is.read(b)) > 0;) {
                        out.write(b, 0, r);
                    }
                }
                out.closeEntry();
            }
        }
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
