package dev.deflateaccel.bridge.engine;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * Which build of each library this test JVM runs the engines on. By default, the machine's own
 * ISA-L and libdeflate (Debian 12's, by soname) and Intel's QATzip and QPL built in
 * {@code ../shared/vendor} ({@link VendorLibraries}). The library-matrix executions (this
 * module's pom, profiles {@code library-matrix} and {@code library-matrix-sid}) run the same
 * suites on the builds Debian 13 and unstable ship, unpacked by {@code .ci/fetch-libs.sh}: they
 * name each file with {@code -Ddeflateaccel.test.LIBRARY=PATH} and its version with
 * {@code -Ddeflateaccel.test.LIBRARY.version}. The agent module's forked suites (EngineConfig)
 * configure the same builds.
 */
public final class LibrariesUnderTest {
    public static final String ISAL = "isal";
    public static final String LIBDEFLATE = "libdeflate";
    public static final String QATZIP = "qatzip";
    public static final String QPL = "qpl";

    /** The folder Debian 12's packages (libisal2, libdeflate0) install into. */
    private static final String SYSTEM_FOLDER = "/usr/lib/x86_64-linux-gnu";
    private static final String PREFIX = "deflateaccel.test.";

    private LibrariesUnderTest() {
    }

    public static String isal() {
        return System.getProperty(PREFIX + ISAL, IgzipEngine.DEFAULT_LIBRARY);
    }

    public static String libdeflate() {
        return System.getProperty(PREFIX + LIBDEFLATE, LibdeflateEngine.DEFAULT_LIBRARY);
    }

    public static String qatzip() {
        return given(QATZIP) ? System.getProperty(PREFIX + QATZIP) : VendorLibraries.qatzip();
    }

    public static String qpl() {
        return given(QPL) ? System.getProperty(PREFIX + QPL) : VendorLibraries.qpl();
    }

    /** The release of QPL under test, as qpl_get_library_version reports it. */
    static String qplVersion() {
        return System.getProperty(PREFIX + QPL + ".version", "1.6.0");
    }

    /** Whether an execution named a build of this library, rather than the default. */
    public static boolean given(String library) {
        return System.getProperty(PREFIX + library) != null;
    }

    /** Whether any library-matrix execution named a build: this JVM tests those builds only. */
    static boolean matrixRun() {
        for (String library : new String[] {ISAL, LIBDEFLATE, QATZIP, QPL}) {
            if (given(library)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether this JVM's tests on Intel's libraries run on that library: the build a
     * library-matrix execution named, or (outside those executions) the vendor build.
     */
    public static boolean runs(String library) {
        return matrixRun() ? given(library) : VendorLibraries.present();
    }

    /**
     * The folder the engine must report having loaded the library from: the named build's, or
     * the default's (Debian 12's folder; the staged vendor copy). A test that finds another
     * folder in the engine's status ran on another build than it says.
     */
    static String folder(String library) {
        if (given(library)) {
            return parent(System.getProperty(PREFIX + library));
        }
        switch (library) {
            case ISAL:
            case LIBDEFLATE:
                return SYSTEM_FOLDER;
            case QATZIP:
                return parent(VendorLibraries.qatzip());
            default:
                return parent(VendorLibraries.qpl());
        }
    }

    private static String parent(String file) {
        Path p = Paths.get(file).toAbsolutePath().getParent();
        return p == null ? "/" : p.toString();
    }

    /** The -D options that hand this JVM's choice of builds to a child JVM. */
    static List<String> childOptions() {
        List<String> options = new ArrayList<>();
        for (String library : new String[] {ISAL, LIBDEFLATE, QATZIP, QPL}) {
            for (String key : new String[] {PREFIX + library, PREFIX + library + ".version"}) {
                String value = System.getProperty(key);
                if (value != null) {
                    options.add("-D" + key + "=" + value);
                }
            }
        }
        return options;
    }
}
