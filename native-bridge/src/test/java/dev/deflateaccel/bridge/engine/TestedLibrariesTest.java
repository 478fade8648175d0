package dev.deflateaccel.bridge.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The statement of tested library builds ({@link TestedLibraries}) against what the build really
 * ran: the versions .ci/fetch-libs.sh unpacked (a newer Debian package fails here until the
 * statement, and the docs/support.md table checked against it, name it), and the QPL releases the IAA
 * engine takes.
 */
class TestedLibrariesTest {
    private static List<String> builds(String engine) {
        for (TestedLibraries.Library l : TestedLibraries.ALL) {
            if (l.engine.equals(engine)) {
                return l.builds;
            }
        }
        throw new AssertionError("no statement for " + engine);
    }

    /** "24.02.0" -> "24.02". */
    private static String majorMinor(String version) {
        return version.substring(0, version.lastIndexOf('.'));
    }

    @Test
    void theDebianBuildsTestedAreTheOnesStated() {
        assumeTrue(DebianLibraries.present(), DebianLibraries.NOT_RUN);
        assertEquals(DebianLibraries.version(DebianLibraries.ISAL_DEBIAN13), DebianLibraries.version(DebianLibraries.ISAL_SID));
        assertTrue(builds(IgzipEngine.NAME).contains(
                DebianLibraries.version(DebianLibraries.ISAL_DEBIAN13) + " (Debian 13 and sid)"), builds(IgzipEngine.NAME).toString());
        assertTrue(builds(LibdeflateEngine.NAME).containsAll(Arrays.asList(
                DebianLibraries.version(DebianLibraries.LIBDEFLATE_DEBIAN13) + " (Debian 13)",
                DebianLibraries.version(DebianLibraries.LIBDEFLATE_SID) + " (sid)")), builds(LibdeflateEngine.NAME).toString());
        assertTrue(builds(QatEngine.NAME).containsAll(Arrays.asList(
                DebianLibraries.version(DebianLibraries.QATZIP_DEBIAN13) + " with qatlib "
                        + majorMinor(DebianLibraries.qatlibVersion(DebianLibraries.QATZIP_DEBIAN13)) + " (Debian 13)",
                DebianLibraries.version(DebianLibraries.QATZIP_SID) + " with qatlib "
                        + majorMinor(DebianLibraries.qatlibVersion(DebianLibraries.QATZIP_SID)) + " (sid)")),
                builds(QatEngine.NAME).toString());
        assertTrue(builds(IaaEngine.NAME).contains(DebianLibraries.version(DebianLibraries.QPL_SID) + " (sid)"),
                builds(IaaEngine.NAME).toString());
    }

    @Test
    void everyTestedQplBuildIsOneTheEngineTakes() {
        for (String build : builds(IaaEngine.NAME)) {
            String version = build.substring(0, build.indexOf(' '));
            assertTrue(IaaEngine.supported(version), version + " is stated as tested but the engine refuses it");
        }
        assertTrue(!IaaEngine.supported("1.7.0") && !IaaEngine.supported("2.0.0") && !IaaEngine.supported(null));
    }

    @Test
    void theDoctorsLinesNameEveryEngineOnce() {
        List<String> lines = TestedLibraries.lines();
        assertEquals(4, lines.size());
        assertEquals("iaa: QPL (libqpl1) 1.6.0 (Intel's sources), 1.9.0 (sid); other versions: refused by name, with the"
                + " releases it takes (QPL 1.4, 1.5, 1.6, 1.9): the engine reads qpl_get_library_version when binding",
                lines.get(3));
    }
}
