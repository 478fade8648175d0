package dev.deflateaccel.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * dist/release.sh refuses before it builds anything: a version that is not MAJOR.MINOR.PATCH, and
 * one without a dated CHANGELOG.md section (the packages' changelog is made from it). Its build
 * itself is what dist's {@code mvn package} does, with -Ddeflateaccel.version, which the other
 * dist tests cover.
 */
class ReleaseScriptTest {
    private static final Path SCRIPT = Paths.get("release.sh").toAbsolutePath();

    @Test
    void aVersionThatIsNotMajorMinorPatchIsAUsageError(@TempDir Path tmp) throws Exception {
        String[] r = run(tmp, "0.2.0-SNAPSHOT");
        assertEquals("2", r[0], r[1]);
        assertEquals("usage: dist/release.sh MAJOR.MINOR.PATCH [OUTDIR]   (e.g. dist/release.sh 0.2.0; got '0.2.0-SNAPSHOT')\n", r[1]);
    }

    @Test
    void aVersionWithoutADatedChangelogSectionIsRefused(@TempDir Path tmp) throws Exception {
        String[] r = run(tmp, "999.0.0");
        assertEquals("1", r[0], r[1]);
        assertEquals("release.sh: CHANGELOG.md has no dated '## [999.0.0] - YYYY-MM-DD' section; date that version's entry first\n", r[1]);
    }

    private static String[] run(Path tmp, String version) throws Exception {
        Path log = tmp.resolve("out.log");
        Process p = new ProcessBuilder("bash", SCRIPT.toString(), version, tmp.resolve("out").toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!p.waitFor(1, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("timed out");
        }
        return new String[] {String.valueOf(p.exitValue()), new String(Files.readAllBytes(log), StandardCharsets.UTF_8)};
    }
}
