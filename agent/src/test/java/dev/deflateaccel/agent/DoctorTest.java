package dev.deflateaccel.agent;

import static dev.deflateaccel.bridge.Backports.lines;
import static dev.deflateaccel.bridge.Backports.utf8;
import static dev.deflateaccel.bridge.Backports.utf8PrintStream;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The doctor tells the operator about a refused config file instead of probing on defaults, and
 * names what each engine loaded.
 */
class DoctorTest {
    @Test
    void printsTheArchitectureAsTheJvmNamesIt(@TempDir Path dir) {
        ByteArrayOutputStream captured = new ByteArrayOutputStream();

        new Doctor(utf8PrintStream(captured)).run(dir.resolve("absent.conf"));

        String out = utf8(captured);
        assertTrue(lines(out).anyMatch(l -> l.equals("Architecture: " + System.getProperty("os.arch"))), out);
    }

    /** An operator's ticket says which builds were tested and how another is treated, per engine. */
    @Test
    void printsTheTestedLibraryBuildsPerEngine(@TempDir Path dir) {
        ByteArrayOutputStream captured = new ByteArrayOutputStream();

        new Doctor(utf8PrintStream(captured)).run(dir.resolve("absent.conf"));

        String out = utf8(captured);
        assertTrue(out.contains("Library builds tested, per engine:\n  igzip: ISA-L (libisal2) 2.30 (Debian 12), 2.31.1"
                + " (Debian 13 and sid); other versions: served"), out);
        assertTrue(out.contains("\n  iaa: QPL (libqpl1) 1.6.0 (Intel's sources), 1.9.0 (sid); other versions: refused by"
                + " name, with the releases it takes (QPL 1.4, 1.5, 1.6, 1.9)"), out);
    }

    @Test
    void aRefusedConfigIsPrintedAndIsAProblem(@TempDir Path dir) throws Exception {
        Path conf = dir.resolve("zlib-accel.conf");
        Files.write(conf, Arrays.asList("use_igzip_compress = 1"));
        Files.setPosixFilePermissions(conf, PosixFilePermissions.fromString("rw-rw-r--"));
        ByteArrayOutputStream captured = new ByteArrayOutputStream();

        int exit = new Doctor(utf8PrintStream(captured)).run(conf);

        String out = utf8(captured);
        assertEquals(1, exit, out);
        assertTrue(out.contains("Config: REFUSED: config file " + conf + " is group-writable (mode 0664)"), out);
        assertTrue(out.contains("stock"), out);
        List<String> lines = lines(out).collect(java.util.stream.Collectors.toList());
        assertEquals("Result: PROBLEMS (see above)", lines.get(lines.size() - 1), out);
    }

    /**
     * The doctor prints each available engine's worst-case native memory for the CPUs this JVM
     * sees, per direction, and it is the bound the engine enforces (at most 256 MiB at the defaults).
     */
    @Test
    void eachAvailableEngineShowsItsNativeMemoryBoundPerDirection(@TempDir Path dir) throws Exception {
        String out = doctorWithIgzip(dir);
        for (String engine : Arrays.asList("igzip", "libdeflate", "zlib")) {
            for (String direction : Arrays.asList("compress", "decompress")) {
                java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                        "(?m)^  " + engine + " +" + direction + " +native memory bound: (\\d+) MiB$").matcher(out);
                assertTrue(m.find(), engine + " " + direction + ":\n" + out);
                long mib = Long.parseLong(m.group(1));
                assertTrue(mib > 0 && mib <= 256, engine + " " + direction + ": " + mib + " MiB");
            }
        }
    }

    /**
     * Each engine's line names the library as the config asked for it and the file this process
     * really loaded for it (libdeflate and ISA-L have no version call, so the file is what tells
     * which build ran): a regular file, not a symlink, mapped into this JVM, which ran the doctor.
     */
    @Test
    void eachLibraryIsNamedWithTheFileThisProcessLoaded(@TempDir Path dir) throws Exception {
        String out = doctorWithIgzip(dir);
        List<String> maps = Files.readAllLines(Paths.get("/proc/self/maps"));
        for (String[] engine : new String[][] {{"libdeflate", "libdeflate.so.0"}, {"igzip", "libisal.so.2"}}) {
            Matcher m = Pattern.compile("(?m)^  " + engine[0] + " +enabled +available: " + Pattern.quote(engine[1])
                    + " \\(loaded from (/[^)]+)\\), level \\d+$").matcher(out);
            assertTrue(m.find(), engine[0] + ":\n" + out);
            Path file = Paths.get(m.group(1));
            assertTrue(Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS), file + " is not a regular file");
            assertTrue(file.getFileName().toString().startsWith(engine[1]), file.toString());
            assertTrue(maps.stream().anyMatch(l -> l.endsWith(" " + file)), file + " is not in /proc/self/maps");
        }
    }

    /** The doctor's output for a config that turns igzip on in both directions. */
    private static String doctorWithIgzip(Path dir) throws Exception {
        Path conf = dir.resolve("zlib-accel.conf");
        Files.write(conf, Arrays.asList("use_igzip_compress = 1", "use_igzip_uncompress = 1"));
        Files.setPosixFilePermissions(conf, PosixFilePermissions.fromString("rw-r--r--"));
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        new Doctor(utf8PrintStream(captured)).run(conf);
        return utf8(captured);
    }
}
