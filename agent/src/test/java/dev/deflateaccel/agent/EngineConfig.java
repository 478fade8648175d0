package dev.deflateaccel.agent;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import dev.deflateaccel.bridge.engine.DeviceEmulators;
import dev.deflateaccel.bridge.engine.LibrariesUnderTest;

/**
 * The engine configurations the forked stock-versus-woven tests run under: each engine alone,
 * in both directions, with every other engine off, so that a call it declines goes straight to
 * Cassandra's own code and any difference from stock is that engine's (or the bridge's, or the
 * advice's). QAT and IAA run on the device emulators native-bridge builds for its tests, and on
 * Intel's real QATzip and QPL through their software paths (when ../shared/vendor is here).
 */
enum EngineConfig {
    /** The advice and the bridge with no engine at all: every call must run Cassandra's body. */
    NONE(null),
    ZLIB("zlib", "use_zlib_compress = 1", "use_zlib_uncompress = 1"),
    LIBDEFLATE("libdeflate", "use_libdeflate_compress = 1", "use_libdeflate_uncompress = 1"),
    IGZIP("igzip", "use_igzip_compress = 1", "use_igzip_uncompress = 1"),
    QAT_EMULATOR("qat", "use_qat_compress = 1", "use_qat_uncompress = 1"),
    IAA_EMULATOR("iaa", "use_iaa_compress = 1", "use_iaa_uncompress = 1"),
    /**
     * Real QATzip with sw_backup = 1 (-Ddeflateaccel.vendorSoftwarePaths=true in the child): Intel's
     * 1.3.1, or the build a library-matrix execution names ({@link LibrariesUnderTest}), as for
     * every engine with a library.
     */
    QAT_VENDOR_SOFTWARE("qat", "use_qat_compress = 1", "use_qat_uncompress = 1"),
    /** Real QPL on qpl_path_software: Intel's 1.6.0, or the build a library-matrix execution names. */
    IAA_VENDOR_SOFTWARE("iaa", "use_iaa_compress = 1", "use_iaa_uncompress = 1");

    /** Every engine's switches, all off; each configuration then turns its own engine on. */
    private static final List<String> ALL_OFF = Arrays.asList(
            "use_qat_compress = 0", "use_qat_uncompress = 0",
            "use_iaa_compress = 0", "use_iaa_uncompress = 0",
            "use_igzip_compress = 0", "use_igzip_uncompress = 0",
            "use_libdeflate_compress = 0", "use_libdeflate_uncompress = 0",
            "use_zlib_compress = 0", "use_zlib_uncompress = 0");

    private final String engine;
    private final List<String> switches;

    EngineConfig(String engine, String... switches) {
        this.engine = engine;
        this.switches = Arrays.asList(switches);
    }

    /** The bridge's name of the engine under test, or null for {@link #NONE}. */
    String engine() {
        return engine;
    }

    /** Lower-case name for reports, file names and {@code -Ddeflateaccel.forks.engines}. */
    String label() {
        return engine == null ? "none" : usesVendorLibraries() ? engine + "-vendor" : engine;
    }

    /** Whether this configuration runs Intel's real library (on its software path) rather than an emulator. */
    boolean usesVendorLibraries() {
        return this == QAT_VENDOR_SOFTWARE || this == IAA_VENDOR_SOFTWARE;
    }

    /**
     * Sets up the JVM that opens the bridge for this configuration: the vendor configurations
     * need the engines' test-only software-path mode, read when an engine opens.
     */
    void prepareChildJvm() {
        if (usesVendorLibraries()) {
            System.setProperty("deflateaccel.vendorSoftwarePaths", "true");
            // Intel's libraries owe at least VENDOR_FUZZ_CASES fuzz cases: a budget that is
            // reached by the case count, not cut short by time on a slow machine.
            if (System.getProperty(DecompressionFuzzSuite.SECONDS) == null) {
                System.setProperty(DecompressionFuzzSuite.SECONDS, "60");
            }
        }
    }

    /** The fuzz cases every full run on Intel's real libraries must reach. */
    static final int VENDOR_FUZZ_CASES = 20_000;

    /**
     * What a run on Intel's libraries owes: {@link #VENDOR_FUZZ_CASES}, or fewer where the run asks
     * for fewer cases ({@code deflateaccel.fuzz.cases}): the reruns on Java 8, 11 and 25 do, as they
     * check the JVM's side of the bridge; the libraries' depth is the JDK 17 and library-matrix runs'.
     */
    static int vendorFuzzCasesOwed() {
        return Math.min(VENDOR_FUZZ_CASES, Integer.getInteger(DecompressionFuzzSuite.CASES, VENDOR_FUZZ_CASES));
    }

    /**
     * The config file lines. Resolves the emulator libraries, so call it in the JVM that opens
     * the bridge (it needs {@code deflateaccel.emulators}).
     */
    List<String> configLines() {
        List<String> lines = new ArrayList<>(ALL_OFF);
        lines.addAll(switches); // later lines win
        if (this == QAT_EMULATOR) {
            lines.add("qat_library = " + DeviceEmulators.qatLibrary());
        } else if (this == IAA_EMULATOR) {
            lines.add("iaa_library = " + DeviceEmulators.iaaLibrary());
        } else if (this == QAT_VENDOR_SOFTWARE) {
            lines.add("qat_library = " + LibrariesUnderTest.qatzip());
        } else if (this == IAA_VENDOR_SOFTWARE) {
            lines.add("iaa_library = " + LibrariesUnderTest.qpl());
        } else if (this == LIBDEFLATE && LibrariesUnderTest.given(LibrariesUnderTest.LIBDEFLATE)) {
            lines.add("libdeflate_library = " + LibrariesUnderTest.libdeflate());
        } else if (this == IGZIP && LibrariesUnderTest.given(LibrariesUnderTest.ISAL)) {
            lines.add("igzip_library = " + LibrariesUnderTest.isal());
        }
        return lines;
    }

    static EngineConfig byLabel(String label) {
        for (EngineConfig c : values()) {
            if (c.label().equals(label)) {
                return c;
            }
        }
        throw new IllegalArgumentException("no engine configuration '" + label + "'");
    }
}
