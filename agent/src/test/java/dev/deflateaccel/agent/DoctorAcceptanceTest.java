package dev.deflateaccel.agent;

import static dev.deflateaccel.bridge.Backports.lines;
import static dev.deflateaccel.bridge.Backports.mapOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import dev.deflateaccel.agent.acceptance.SpeedBudget;
import dev.deflateaccel.bridge.EngineDescriptor;
import dev.deflateaccel.bridge.EngineRegistry;
import dev.deflateaccel.bridge.engine.DeviceEmulators;
import dev.deflateaccel.bridge.engine.VendorLibraries;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code doctor --acceptance} on the real engines of this machine (igzip, libdeflate,
 * java.util.zip) and on the QAT and IAA device emulators, each run in a fresh JVM as an operator
 * runs it: native code that crashed would fail this test, not Maven.
 */
class DoctorAcceptanceTest {
    /** The names an operator sees and docs/qat-and-iaa.md lists; renaming one is a change to the report. */
    private static final List<String> CHECKS = Arrays.asList("engine-to-zlib", "engine-to-engine", "zlib-to-engine",
            "cassandra-to-engine", "corrupt-refused", "output-bounds");
    private static final String JAVA = Paths.get(System.getProperty("java.home"), "bin", "java").toString();

    @TempDir
    Path tmp;

    @Test
    void everyEngineOfThisMachineAndTheEmulatorsPasses() throws Exception {
        ChildJvm r = acceptance(mapOf("QATZIP_EMULATOR", "device=1", "QPL_EMULATOR", "device=1"),
                "use_qat_compress = 1", "use_qat_uncompress = 1", "qat_library = " + DeviceEmulators.qatLibrary(),
                "use_iaa_compress = 1", "use_iaa_uncompress = 1", "iaa_library = " + DeviceEmulators.iaaLibrary(),
                "use_igzip_compress = 1", "use_igzip_uncompress = 1");

        assertEquals(0, r.exit, r.output);
        assertEquals("Verdict: PASS", lastLine(r.output), r.output);
        for (EngineDescriptor d : EngineRegistry.ALL) {
            List<String> checks = section(r.output, d.name());
            for (String check : CHECKS) {
                // IAA decodes only 4 KiB-window streams: stock's 32 KiB ones go to the next engine.
                boolean declinedByDesign = d == EngineRegistry.IAA
                        && (check.equals("zlib-to-engine") || check.equals("cassandra-to-engine"));
                String expected = declinedByDesign ? "n/a  declined all \\d+ \\(INPUT_NOT_ACCEPTED \\d+\\).*" : "PASS \\d+ .*";
                assertTrue(checks.stream().anyMatch(l -> l.matches("  " + check + " +" + expected)),
                        d.name() + " did not report " + check + " as " + expected + ":\n" + r.output);
            }
            assertTrue(lines(r.output).anyMatch(l -> l.matches("  " + d.name() + " +PASS +.*")),
                    d.name() + " has no PASS line in the verdict:\n" + r.output);
            assertSpeedRow(r.output, d.name());
        }
        assertSpeedRow(r.output, Pattern.quote("java.util.zip (stock)"));
        assertTrue(r.output.contains("Host:    ") && r.output.contains("Agent:   deflate-accel "), r.output);
        assertNoMappedFilesLeft();
    }

    /**
     * The QAT emulator flipping one byte of every result, with the CPU check of accelerator
     * output switched off: the stream QAT writes no longer decodes, and what it decodes fails
     * its Adler-32. That is what a faulty device looks like, and the verdict must say FAIL and
     * name it. An engine the config enables but this host lacks fails too; one it does not ask
     * for does not.
     */
    @Test
    void aDeviceThatCorruptsDataAndAMissingEngineTheConfigAsksForFail() throws Exception {
        ChildJvm r = acceptance(mapOf("QATZIP_EMULATOR", "corrupt_rate=1"),
                "use_qat_compress = 1", "use_qat_uncompress = 1", "qat_library = " + DeviceEmulators.qatLibrary(),
                "verify_accelerator_output = 0",
                "use_igzip_compress = 1", "igzip_library = " + tmp.resolve("missing/libisal.so.2"),
                "use_libdeflate_compress = 0", "use_libdeflate_uncompress = 0",
                "libdeflate_library = " + tmp.resolve("missing/libdeflate.so.0"));

        assertEquals(1, r.exit, r.output);
        String verdict = lastLine(r.output);
        assertTrue(verdict.startsWith("Verdict: FAIL (qat: engine-to-zlib, "), verdict + "\n" + r.output);
        assertTrue(verdict.contains("; igzip: unavailable, and the config enables it)"), verdict);
        assertTrue(section(r.output, "qat").stream().anyMatch(l -> l.matches("  engine-to-zlib +FAIL \\d+ of \\d+ cases failed: "
                + "heap 1 KiB rows: java.util.zip rejects the stream.*")), r.output);
        assertTrue(lines(r.output).anyMatch(l -> l.matches("  qat +not measured: failed conformance")), r.output);
        assertTrue(lines(r.output).anyMatch(l -> l.matches("  iaa +UNAVAILABLE +.*libqpl.so.*")), r.output);
        assertTrue(lines(r.output).anyMatch(l -> l.matches("  libdeflate +UNAVAILABLE +.*")), r.output);
        assertTrue(lines(r.output).anyMatch(l -> l.matches("  zlib +PASS +.*")), r.output);
        assertNoMappedFilesLeft();
    }

    /** Intel's real QATzip and QPL, through their software paths (the tests' vendorSoftwarePaths mode). */
    @Test
    void intelsLibrariesOnTheirSoftwarePathsPass() throws Exception {
        assumeTrue(VendorLibraries.present(), VendorLibraries.NOT_RUN);
        ChildJvm r = acceptance(Collections.emptyMap(), Arrays.asList("-Ddeflateaccel.vendorSoftwarePaths=true"),
                "use_qat_compress = 1", "use_qat_uncompress = 1", "qat_library = " + VendorLibraries.qatzip(),
                "use_iaa_compress = 1", "use_iaa_uncompress = 1", "iaa_library = " + VendorLibraries.qpl());
        assertEquals(0, r.exit, r.output);
        assertEquals("Verdict: PASS", lastLine(r.output), r.output);
        for (String engine : Arrays.asList("qat", "iaa")) {
            assertTrue(lines(r.output).anyMatch(l -> l.matches("  " + engine + " +PASS +.*")), engine + ":\n" + r.output);
            assertSpeedRow(r.output, engine);
        }
        assertTrue(section(r.output, "qat").stream().anyMatch(l -> l.matches("  engine-to-zlib +PASS \\d+ .*")), r.output);
    }

    /**
     * Intel's real libraries installed (found by their sonames, as from a package) in production
     * mode on this host, which has neither device, and zlib-accel's default config: both engines
     * are unavailable with their reasons, and that is not a failure. (A config that names QAT's
     * keys asks for it, and then its absence fails the acceptance, as for any engine.)
     */
    @Test
    void intelsLibrariesWithNoDeviceAreUnavailableNotFailed() throws Exception {
        assumeTrue(VendorLibraries.present(), VendorLibraries.NOT_RUN);
        String libraries = Paths.get(VendorLibraries.qatzip()).getParent().toString();
        ChildJvm r = acceptance(mapOf("LD_LIBRARY_PATH", libraries), Collections.emptyList(), "log_level = 1");
        assertEquals(0, r.exit, r.output);
        assertEquals("Verdict: PASS", lastLine(r.output), r.output);
        assertTrue(lines(r.output).anyMatch(l -> l.matches("  qat +UNAVAILABLE +.*no QAT device found.*QZ_NOSW_NO_HW.*")), r.output);
        assertTrue(lines(r.output).anyMatch(l -> l.matches("  iaa +UNAVAILABLE +.*libaccel-config.*")), r.output);
    }

    @Test
    void aMisspeltFlagIsRefusedNotIgnored() throws Exception {
        ChildJvm r = ChildJvm.run(tmp, JAVA, Collections.emptyList(), System.getProperty("java.class.path"), Main.class.getName(),
                "doctor", "config=" + config(), "--acceptanse");
        assertEquals(2, r.exit, r.output);
        assertTrue(r.output.contains("usage: java -jar deflate-accel-agent.jar doctor [--acceptance] [config=PATH]"), r.output);
    }

    /** A bad speed budget stops the doctor before it measures anything, naming the key, the value and the range. */
    @Test
    void aBadSpeedBudgetIsRefusedNamingItsRange() throws Exception {
        ChildJvm r = ChildJvm.run(tmp, JAVA, Collections.singletonList("-D" + SpeedBudget.PROPERTY + "=fast"),
                System.getProperty("java.class.path"), Main.class.getName(), "doctor", "config=" + config());
        assertEquals(2, r.exit, r.output);
        assertTrue(r.output.contains("-D" + SpeedBudget.PROPERTY + "=fast is not valid: expected whole milliseconds 0-60000"),
                r.output);
    }

    // ---- helpers ----

    /** {@code doctor --acceptance} in a fresh JVM whose temp directory is {@code tmp}, so mapped files can be counted. */
    private ChildJvm acceptance(Map<String, String> env, String... configLines) throws Exception {
        return acceptance(env, Collections.emptyList(), configLines);
    }

    private ChildJvm acceptance(Map<String, String> env, List<String> jvmOptions, String... configLines) throws Exception {
        List<String> options = new ArrayList<>(jvmOptions);
        options.add("-Djava.io.tmpdir=" + tmp);
        options.add(ChildJvm.QUICK_SPEED_FIGURES);
        return ChildJvm.run(tmp, JAVA, env, options, System.getProperty("java.class.path"),
                Main.class.getName(), "doctor", "--acceptance", "config=" + config(configLines));
    }

    private Path config(String... lines) throws IOException {
        Path f = Files.createTempFile(tmp, "zlib-accel", ".conf");
        Files.write(f, Arrays.asList(lines));
        return f;
    }

    /** The engine's conformance lines: from its "name: ..." heading to the next blank line. */
    private static List<String> section(String output, String engine) {
        List<String> lines = lines(output).collect(Collectors.toList());
        int start = lines.indexOf(lines.stream().filter(l -> l.startsWith(engine + ": ")).findFirst()
                .orElseThrow(() -> new AssertionError("no section for " + engine + ":\n" + output)));
        List<String> section = new ArrayList<>();
        for (int i = start + 1; i < lines.size() && !lines.get(i).isEmpty(); i++) {
            section.add(lines.get(i));
        }
        return section;
    }

    /** Three "compress / decompress" figures, one per chunk size. */
    private static void assertSpeedRow(String output, String name) {
        String figure = " +\\d+\\.\\d / +\\d+\\.\\d";
        assertTrue(lines(output).anyMatch(l -> l.matches("  " + name + figure + figure + figure + ".*")),
                "no speed row for " + name + ":\n" + output);
    }

    private static String lastLine(String output) {
        List<String> lines = lines(output).collect(Collectors.toList());
        return lines.get(lines.size() - 1);
    }

    private void assertNoMappedFilesLeft() throws IOException {
        try (Stream<Path> files = Files.list(tmp)) {
            List<Path> left = files.filter(p -> p.getFileName().toString().startsWith("deflate-accel-acceptance"))
                    .collect(Collectors.toList());
            assertEquals(Collections.emptyList(), left, "temp files of mapped inputs left behind");
        }
    }
}
