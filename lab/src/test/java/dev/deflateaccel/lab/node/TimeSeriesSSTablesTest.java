package dev.deflateaccel.lab.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.deflateaccel.harness.workload.TimeSeriesTable;

/**
 * The offline writer of the reads-during-compaction table, run as the lab runs it: Cassandra's
 * CQLSSTableWriter in client mode, with the opens a node gets, in its own JVM (client mode sets
 * Cassandra's global state once per JVM, and a fault there must not take the test run down).
 */
class TimeSeriesSSTablesTest {

    private static final long POINTS = 3_000;
    private static final int SENSORS = 20;
    private static final String COMPRESSION = "'class': 'DeflateCompressor', 'chunk_length_in_kb': 4";
    private static final String LZ4 = "'class': 'LZ4Compressor', 'chunk_length_in_kb': 4";

    /** The child: writes (or finds) the cached folder of each compression in turn and prints its path. */
    public static void main(String[] args) {
        for (int i = 1; i < args.length; i++) {
            Path dir = TimeSeriesSSTables.cached(new TimeSeriesTable("offline", "points"), args[i], POINTS, SENSORS,
                    Path.of(args[0]));
            System.out.println("@@ " + dir);
        }
    }

    @Test
    void writesStockNodeVersionWithTheTablesCompressorAndReusesTheFolder(@TempDir Path cache) throws Exception {
        Path dir = writeInChild(cache);
        List<Path> data = files(dir, "-Data.db");
        assertTrue(!data.isEmpty(), "no Data.db in " + dir);
        for (Path d : data) {
            // A stock 5.0 node (storage_compatibility_mode: CASSANDRA_4) imports "nb" only.
            assertTrue(d.getFileName().toString().startsWith("nb-"), d + ": not SSTable version nb");
            Path info = d.resolveSibling(d.getFileName().toString().replace("-Data.db", "-CompressionInfo.db"));
            String header = new String(Files.readAllBytes(info), StandardCharsets.ISO_8859_1);
            assertTrue(header.contains("DeflateCompressor"), info + " does not name DeflateCompressor");
        }
        assertTrue(Files.exists(dir.resolve("complete")), "finished folder not marked complete");

        FileTime written = Files.getLastModifiedTime(data.get(0));
        assertEquals(dir, writeInChild(cache), "a second call must find the same folder");
        assertEquals(written, Files.getLastModifiedTime(data.get(0)), "a complete folder was written again");

        // A folder without its marker (a run killed halfway) is written again, from nothing.
        Files.delete(dir.resolve("complete"));
        Files.writeString(dir.resolve("nb-99-big-Data.db"), "left by a killed run");
        assertEquals(dir, writeInChild(cache));
        assertTrue(Files.exists(dir.resolve("complete")));
        assertTrue(Files.notExists(dir.resolve("nb-99-big-Data.db")), "a half-written folder's files were kept");
    }

    /**
     * A run of --compaction-reads writes the Deflate folder and then the LZ4 one in the same JVM:
     * each must hold its own compressor's files (the LZ4 folder once silently held Deflate's).
     */
    @Test
    void aSecondCompressionInTheSameJvmIsWrittenWithItsOwnCompressor(@TempDir Path cache) throws Exception {
        List<Path> dirs = writeInChild(cache, COMPRESSION, LZ4);
        assertEquals(2, dirs.size());
        assertCompressor(dirs.get(0), "DeflateCompressor");
        assertCompressor(dirs.get(1), "LZ4Compressor");
    }

    @Test
    void aFolderWrittenWithAnotherCompressorIsRefused(@TempDir Path cache) throws Exception {
        Path dir = writeInChild(cache);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> TimeSeriesSSTables.checkCompressor(dir, LZ4));
        assertTrue(e.getMessage().contains("DeflateCompressor") && e.getMessage().contains("LZ4Compressor"),
                e.getMessage());
        assertThrows(IllegalStateException.class, () -> TimeSeriesSSTables.checkCompressor(dir, "'enabled': false"));
        TimeSeriesSSTables.checkCompressor(dir, COMPRESSION);
    }

    private static void assertCompressor(Path dir, String compressor) throws IOException {
        List<Path> infos = files(dir, "-CompressionInfo.db");
        assertTrue(!infos.isEmpty(), "no CompressionInfo.db in " + dir);
        for (Path info : infos) {
            String header = new String(Files.readAllBytes(info), StandardCharsets.ISO_8859_1);
            assertTrue(header.contains(compressor), info + " does not name " + compressor);
        }
    }

    private static List<Path> files(Path dir, String suffix) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(suffix)).sorted().collect(Collectors.toList());
        }
    }

    private static Path writeInChild(Path cache) throws Exception {
        return writeInChild(cache, COMPRESSION).get(0);
    }

    private static List<Path> writeInChild(Path cache, String... compressions) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                // As lab/node-common.sh and Cassandra's jvm17-server.options give them.
                "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED",
                "--add-exports", "java.base/jdk.internal.ref=ALL-UNNAMED",
                "--add-exports", "jdk.unsupported/sun.misc=ALL-UNNAMED",
                "--add-opens", "java.base/java.io=ALL-UNNAMED",
                "--add-opens", "java.base/java.nio=ALL-UNNAMED",
                "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
                "--add-opens", "java.base/java.lang=ALL-UNNAMED",
                "--add-opens", "java.base/java.util=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"),
                TimeSeriesSSTablesTest.class.getName(), cache.toString()));
        command.addAll(List.of(compressions));
        Path log = cache.resolve("writer.log");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!p.waitFor(2, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("writer did not finish in 2 minutes:\n" + Files.readString(log));
        }
        String out = Files.readString(log);
        assertEquals(0, p.exitValue(), "writer failed:\n" + out);
        List<Path> dirs = out.lines().filter(l -> l.startsWith("@@ ")).map(l -> Path.of(l.substring(3)))
                .collect(Collectors.toList());
        assertEquals(compressions.length, dirs.size(), "writer did not print a folder per compression:\n" + out);
        return dirs;
    }
}
