package dev.deflateaccel.bridge.engine;

import static dev.deflateaccel.bridge.Backports.readString;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * The builds of ISA-L, libdeflate, QATzip (with qatlib) and QPL that Debian 13 (trixie) and
 * unstable (sid) ship, with their -dev headers, as {@code .ci/fetch-libs.sh} unpacks them into
 * {@code -Ddeflateaccel.libs}: one folder per build, each with {@code lib/}, {@code include/} and
 * {@code VERSION}. Without that folder (a clone on a machine with no Debian archive) the tests on
 * them did not run, and the build says so at its start and end (.ci/run).
 */
final class DebianLibraries {
    static final String ISAL_DEBIAN13 = "isal-trixie";
    static final String ISAL_SID = "isal-sid";
    static final String LIBDEFLATE_DEBIAN13 = "libdeflate-trixie";
    static final String LIBDEFLATE_SID = "libdeflate-sid";
    static final String QATZIP_DEBIAN13 = "qatzip-trixie";
    static final String QATZIP_SID = "qatzip-sid";
    static final String QPL_SID = "qpl-sid";

    static final String NOT_RUN = "Debian 13 and sid library tests did not run: no libraries at " + dir()
            + " (.ci/fetch-libs.sh unpacks them; pass -Ddeflateaccel.libs)";

    private DebianLibraries() {
    }

    static Path dir() {
        String given = System.getProperty("deflateaccel.libs", "");
        return Paths.get(given.isEmpty() ? "../target/libs" : given).toAbsolutePath().normalize();
    }

    /**
     * Whether the builds are here. A folder named with -Ddeflateaccel.libs (as .ci/run does once
     * fetch-libs.sh succeeded) must hold them: a missing one fails the test rather than skip it.
     */
    static boolean present() {
        boolean here = Files.isRegularFile(dir().resolve(QPL_SID).resolve("VERSION"));
        if (!here && !System.getProperty("deflateaccel.libs", "").isEmpty()) {
            throw new AssertionError("-Ddeflateaccel.libs=" + dir() + " holds no libraries unpacked by .ci/fetch-libs.sh");
        }
        return here;
    }

    static Path include(String build) {
        return dir().resolve(build).resolve("include");
    }

    /** The upstream version of the build's library: "2.31.1". */
    static String version(String build) {
        return versionLines(build)[0];
    }

    /** For a QATzip build, the version of the qatlib it came with: "24.02.0". */
    static String qatlibVersion(String build) {
        return versionLines(build)[1];
    }

    private static String[] versionLines(String build) {
        try {
            return readString(dir().resolve(build).resolve("VERSION")).trim().split("\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
