package dev.deflateaccel.bridge.engine;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * Which builds of each engine's library the build tests, and how the engine treats one it was
 * not tested on: the statement the doctor prints and the library table of docs/support.md is checked
 * against (SupportStatementTest). The builds are Debian 12's (installed on the build machine),
 * Intel's own builds (../shared/vendor) and Debian 13's and sid's (.ci/fetch-libs.sh); each runs
 * the engine's suites and has its headers compiled against the bindings (VendorAbiTest), and
 * TestedLibrariesTest checks the fetched builds' versions against this list.
 */
public final class TestedLibraries {
    /** One engine's library. */
    public static final class Library {
        public final String engine;
        /** The library, with Debian's package name. */
        public final String library;
        /** Each tested build: its version, and where that build comes from. */
        public final List<String> builds;
        /** What the engine does with a build not in {@link #builds}. */
        public final String otherVersions;

        Library(String engine, String library, String otherVersions, String... builds) {
            this.engine = engine;
            this.library = library;
            this.builds = Collections.unmodifiableList(Arrays.asList(builds));
            this.otherVersions = otherVersions;
        }
    }

    public static final List<Library> ALL = Collections.unmodifiableList(Arrays.asList(
            new Library(IgzipEngine.NAME, "ISA-L (libisal2)",
                    "served: ISA-L has no version call, the soname libisal.so.2 is its ABI promise, and the doctor"
                            + " names the file loaded",
                    "2.30 (Debian 12)", "2.31.1 (Debian 13 and sid)"),
            new Library(LibdeflateEngine.NAME, "libdeflate (libdeflate0)",
                    "served: libdeflate has no version call, the soname libdeflate.so.0 is its ABI promise, and the"
                            + " doctor names the file loaded",
                    "1.14 (Debian 12)", "1.23 (Debian 13)", "1.25 (sid)"),
            new Library(QatEngine.NAME, "QATzip (libqatzip3) with qatlib (libqat4)",
                    "served after its layout check: QATzip cannot say its version, so the engine reads its default"
                            + " session parameters back through the 1.3 layout and refuses a build where they do not land"
                            + " there; releases before 1.3.0 lack qzSetupSessionDeflateExt and are refused when binding",
                    "1.3.1 with qatlib 26.08 (Intel's sources)", "1.3.1 with qatlib 24.02 (Debian 13)",
                    "2.0.0 with qatlib 26.08 (sid)"),
            new Library(IaaEngine.NAME, "QPL (libqpl1)",
                    "refused by name, with the releases it takes (QPL " + String.join(", ", QplNatives.SUPPORTED_VERSIONS)
                            + "): the engine reads qpl_get_library_version when binding",
                    "1.6.0 (Intel's sources)", "1.9.0 (sid)")));

    private TestedLibraries() {
    }

    /** One line per engine, for the doctor: "igzip: ISA-L (libisal2) 2.30 (Debian 12), ...; other versions: ...". */
    public static List<String> lines() {
        String[] lines = new String[ALL.size()];
        for (int i = 0; i < lines.length; i++) {
            Library l = ALL.get(i);
            lines[i] = l.engine + ": " + l.library + " " + String.join(", ", l.builds) + "; other versions: " + l.otherVersions;
        }
        return Arrays.asList(lines);
    }
}
