package dev.deflateaccel.bridge.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.Arrays;

import dev.deflateaccel.bridge.files.TestFiles;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rules for the config file itself (issue 8): what is refused, and that a refused file leaves
 * no values to fall back on. Bad values inside an accepted file are ConfigFileTest's.
 */
class ConfigFileRulesTest {
    private static final byte[] GOOD = "use_libdeflate_compress = 0\n".getBytes(StandardCharsets.US_ASCII);
    /** A FIFO's open blocks until a writer appears; a refused one must return at once. */
    private static final Duration NO_BLOCKING = Duration.ofSeconds(10);

    @TempDir
    Path dir;

    @Test
    void aLatin1CommentDoesNotHideTheOperatorsSettings() throws Exception {
        // "# Größe" in ISO-8859-1: 0xF6 and 0xDF are not valid UTF-8.
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.write("# Gr".getBytes(StandardCharsets.US_ASCII));
        b.write(new byte[] {(byte) 0xF6, (byte) 0xDF});
        b.write("e der Puffer\nuse_libdeflate_compress = 0 # aus, laut Betrieb \u00e9\n".getBytes(StandardCharsets.ISO_8859_1));
        AccelConfig c = ConfigFile.read(TestFiles.write(dir.resolve("zlib-accel.conf"), "rw-r--r--", b.toByteArray()));
        assertNull(c.refusal());
        assertEquals(0, c.value(ConfigKey.USE_LIBDEFLATE_COMPRESS));
        assertEquals(0, c.warnings().size(), c.warnings().toString());
    }

    @Test
    void aFileOverSixtyFourKiBIsRefusedWithAReason() throws Exception {
        byte[] big = comments(ConfigFileBytes.MAX_BYTES + 1);
        AccelConfig c = ConfigFile.read(TestFiles.write(dir.resolve("big.conf"), "rw-r--r--", big));
        assertRefused(c, "over the 65536-byte limit");
    }

    @Test
    void exactlySixtyFourKiBIsStillAccepted() throws Exception {
        byte[] max = comments(ConfigFileBytes.MAX_BYTES);
        System.arraycopy(GOOD, 0, max, 0, GOOD.length);
        AccelConfig c = ConfigFile.read(TestFiles.write(dir.resolve("max.conf"), "rw-r--r--", max));
        assertNull(c.refusal());
        assertEquals(0, c.value(ConfigKey.USE_LIBDEFLATE_COMPRESS));
    }

    @Test
    void aFifoIsRefusedWithoutBlocking() throws Exception {
        Path fifo = TestFiles.fifo(dir.resolve("zlib-accel.conf"));
        AccelConfig c = assertTimeoutPreemptively(NO_BLOCKING, () -> ConfigFile.read(fifo));
        assertRefused(c, "is a FIFO, not a regular file");
    }

    @Test
    void aDirectoryIsRefused() throws Exception {
        AccelConfig c = ConfigFile.read(Files.createDirectory(dir.resolve("zlib-accel.conf")));
        assertRefused(c, "is a directory, not a regular file");
    }

    @Test
    void devZeroIsRefusedWithoutReadingIt() {
        AccelConfig c = assertTimeoutPreemptively(NO_BLOCKING, () -> ConfigFile.read(Paths.get("/dev/zero")));
        assertRefused(c, "is a character device, not a regular file");
    }

    @Test
    void aSymlinkToAGoodFileIsAcceptedAsKubernetesMountsConfigMaps() throws Exception {
        // A ConfigMap volume: zlib-accel.conf -> ..data/zlib-accel.conf, ..data -> ..2026_11_30_...
        Path version = Files.createDirectory(dir.resolve("..2026_11_30_04_42_28.123456"));
        TestFiles.write(version.resolve("zlib-accel.conf"), "rw-r--r--", GOOD);
        Files.createSymbolicLink(dir.resolve("..data"), version.getFileName());
        Path link = Files.createSymbolicLink(dir.resolve("zlib-accel.conf"), Paths.get("..data/zlib-accel.conf"));
        AccelConfig c = ConfigFile.read(link);
        assertNull(c.refusal());
        assertEquals(0, c.value(ConfigKey.USE_LIBDEFLATE_COMPRESS));
    }

    @Test
    void aSymlinkToAGroupWritableFileIsRefused() throws Exception {
        Path target = TestFiles.write(dir.resolve("real.conf"), "rw-rw-r--", GOOD);
        Path link = Files.createSymbolicLink(dir.resolve("zlib-accel.conf"), target);
        AccelConfig c = ConfigFile.read(link);
        assertRefused(c, "is group-writable (mode 0664)");
        assertTrue(c.refusal().contains("a symlink to " + target.toRealPath()), c.refusal());
    }

    @Test
    void aWorldWritableFileIsRefused() throws Exception {
        AccelConfig c = ConfigFile.read(TestFiles.write(dir.resolve("zlib-accel.conf"), "rw-r--rw-", GOOD));
        assertRefused(c, "is world-writable (mode 0646)");
    }

    @Test
    void aFileOwnedByAnotherUserIsRefused() throws Exception {
        assumeTrue(TestFiles.runningAsRoot(), "only root can chown a file to another user; run the tests as root"
                + " to cover the owner rule");
        Path f = TestFiles.write(dir.resolve("zlib-accel.conf"), "rw-r--r--", GOOD);
        TestFiles.chown(f, TestFiles.OTHER_UID);
        assertRefused(ConfigFile.read(f), "is owned by uid " + TestFiles.OTHER_UID + ", neither root nor this JVM's user");
    }

    @Test
    void aMissingFileMeansAllDefaults() {
        AccelConfig c = ConfigFile.read(dir.resolve("absent.conf"));
        assertNull(c.refusal());
        assertEquals(1, c.value(ConfigKey.USE_LIBDEFLATE_COMPRESS));
        assertTrue(c.source().contains("not found"), c.source());
    }

    @Test
    void aSymlinkToNothingIsRefusedNotTakenForAMissingFile() throws Exception {
        Path link = Files.createSymbolicLink(dir.resolve("zlib-accel.conf"), dir.resolve("gone.conf"));
        assertRefused(ConfigFile.read(link), "is a symlink to nothing");
    }

    @Test
    void aRefusedConfigHasNoValuesToFallBackOn() throws Exception {
        AccelConfig c = ConfigFile.read(TestFiles.write(dir.resolve("zlib-accel.conf"), "rw-rw-rw-", GOOD));
        assertNotNull(c.refusal());
        assertThrows(IllegalStateException.class, () -> c.value(ConfigKey.USE_LIBDEFLATE_COMPRESS));
        assertThrows(IllegalStateException.class, () -> c.text(ConfigKey.LOG_FILE));
    }

    private static void assertRefused(AccelConfig c, String reason) {
        assertNotNull(c.refusal(), "expected a refusal containing '" + reason + "'");
        assertTrue(c.refusal().startsWith("config file "), c.refusal());
        assertTrue(c.refusal().contains(reason), c.refusal());
    }

    private static byte[] comments(int length) {
        byte[] b = new byte[length];
        Arrays.fill(b, (byte) '#');
        for (int i = 79; i < length; i += 80) {
            b[i] = '\n';
        }
        return b;
    }
}
