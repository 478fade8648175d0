package dev.deflateaccel.lab.levels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SSTableFilesTest {
    @TempDir
    Path dir;

    private Path file(String relative) throws Exception {
        Path p = dir.resolve(relative);
        Files.createDirectories(p.getParent());
        return Files.write(p, new byte[1]);
    }

    @Test
    void findsDataFilesButNotSnapshotsOrBackups() throws Exception {
        Path live = file("t-1/nb-1-big-Data.db");
        file("t-1/snapshots/before/nb-1-big-Data.db");
        file("t-1/backups/nb-1-big-Data.db");
        file("t-1/nb-1-big-Statistics.db");
        assertEquals(List.of(live), SSTableFiles.find(dir));
    }

    @Test
    void refusesCompressedSSTables() throws Exception {
        file("t-1/nb-1-big-Data.db");
        file("t-1/nb-1-big-CompressionInfo.db");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SSTableFiles.find(dir));
        assertTrue(e.getMessage().contains("'enabled': false"), e.getMessage());
    }

    @Test
    void refusesADirectoryWithoutDataFiles() throws Exception {
        file("t-1/snapshots/s/nb-1-big-Data.db");
        assertThrows(IllegalArgumentException.class, () -> SSTableFiles.find(dir));
        assertThrows(IllegalArgumentException.class, () -> SSTableFiles.find(dir.resolve("missing")));
    }
}
