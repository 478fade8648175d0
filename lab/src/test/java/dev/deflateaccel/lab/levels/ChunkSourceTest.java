package dev.deflateaccel.lab.levels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChunkSourceTest {
    @TempDir
    Path dir;

    @Test
    void takesWholeFilesWhileTheyFitThenAnAlignedPrefix() {
        int align = ChunkSource.ALIGN;
        assertEquals(1000, ChunkSource.bytesToTake(1000, 5000));
        assertEquals(5000, ChunkSource.bytesToTake(5000, 5000));
        assertEquals(2L * align, ChunkSource.bytesToTake(10L * align, 2L * align + 100));
        assertEquals(0, ChunkSource.bytesToTake(10L * align, align - 1));
        assertEquals(0, ChunkSource.bytesToTake(10, 0));
    }

    @Test
    void readsEveryDataFileInPathOrderAndCutsEachOnItsOwn() throws Exception {
        Path table = Files.createDirectories(dir.resolve("ks/t-1234"));
        Files.write(table.resolve("nb-1-big-Data.db"), new byte[10]);
        Files.write(table.resolve("nb-2-big-Data.db"), new byte[6]);
        Files.write(table.resolve("nb-1-big-Index.db"), new byte[100]);
        ChunkSource source = ChunkSource.load("sstables:" + dir, dir, 1 << 20);
        assertTrue(source.nodeWritten);
        assertEquals(16, source.totalBytes());
        List<byte[]> chunks = source.chunks(4);
        // 10 -> 4,4,2 and 6 -> 4,2: no chunk spans two files
        assertEquals(List.of(4, 4, 2, 4, 2), chunks.stream().map(c -> c.length).collect(java.util.stream.Collectors.toList()));
        assertTrue(source.label.contains("2 Data.db file(s)"), source.label);
    }

    @Test
    void budgetStopsAtAnAlignedCutSoAllChunkSizesSeeTheSameBytes() throws Exception {
        int align = ChunkSource.ALIGN;
        Files.write(dir.resolve("a-Data.db"), new byte[align + 10]);
        Files.write(dir.resolve("b-Data.db"), new byte[3 * align]);
        ChunkSource source = ChunkSource.load("sstables:" + dir, dir, 3L * align);
        assertEquals(align + 10 + align, source.totalBytes());
        assertEquals(source.totalBytes(), source.chunks(4096).stream().mapToLong(c -> c.length).sum());
        assertEquals(source.totalBytes(), source.chunks(align).stream().mapToLong(c -> c.length).sum());
    }

    @Test
    void generatedDataSetIsLabelledNotNodeWritten() {
        ChunkSource source = ChunkSource.load("dataset:rows", dir, 1 << 20);
        assertFalse(source.nodeWritten);
        assertTrue(source.label.contains("NOT node-written"), source.label);
        assertEquals(1 << 20, source.totalBytes());
    }

    @Test
    void refusesAnUnknownSourceKind() {
        assertThrows(IllegalArgumentException.class, () -> ChunkSource.load("table:x", dir, 1));
    }
}
