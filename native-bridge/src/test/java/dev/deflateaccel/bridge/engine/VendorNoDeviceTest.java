package dev.deflateaccel.bridge.engine;

import static dev.deflateaccel.bridge.Backports.readAllBytes;
import static dev.deflateaccel.bridge.Backports.readString;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/**
 * Production mode with Intel's real QATzip and QPL (the builds {@link LibrariesUnderTest} names)
 * on a host with neither device: both engines
 * are unavailable with a reason an operator can act on; re-opening them reuses the first probe,
 * so QATzip's own two stderr lines appear once, until a reload forgets the failed probes
 * ({@link ProbeOnce#forgetFailures()}): the next open probes again, and QATzip, which looks for
 * its device again on that qzInit, prints its two lines again. Runs the engines in a child JVM,
 * so that its stderr can be read and its QATzip state is fresh.
 */
class VendorNoDeviceTest {
    static final int OPENS = 3;

    @Test
    void unavailableWithAReasonProbedOnceUntilAReload() throws IOException, InterruptedException {
        boolean qatHere = LibrariesUnderTest.runs(LibrariesUnderTest.QATZIP);
        boolean iaaHere = LibrariesUnderTest.runs(LibrariesUnderTest.QPL);
        assumeTrue(qatHere || iaaHere, VendorLibraries.NOT_RUN);
        String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
        // The child runs in production mode: no -D of VendorSoftwarePaths.
        List<String> cmd = new ArrayList<>(Arrays.asList(java, "-cp", System.getProperty("java.class.path"),
                "-Ddeflateaccel.vendor=" + VendorLibraries.dir(),
                "-Ddeflateaccel.vendorStage=" + System.getProperty("deflateaccel.vendorStage", "target/vendor-lib")));
        cmd.addAll(LibrariesUnderTest.childOptions());
        cmd.add(OpenEnginesMain.class.getName());
        Path err = Files.createTempFile("vendor-no-device", ".stderr");
        Process child = new ProcessBuilder(cmd).redirectError(err.toFile()).start();
        String out = new String(readAllBytes(child.getInputStream()), StandardCharsets.UTF_8);
        assertTrue(child.waitFor(120, TimeUnit.SECONDS));
        String stderr = readString(err);
        assertEquals(0, child.exitValue(), out + stderr);

        List<String> qat = new ArrayList<>();
        List<String> iaa = new ArrayList<>();
        for (String line : out.split("\n")) {
            if (line.startsWith("qat ")) {
                qat.add(line);
            } else if (line.startsWith("iaa ")) {
                iaa.add(line);
            }
        }
        assertEquals(qatHere ? OPENS + 1 : 0, qat.size(), out);
        assertEquals(iaaHere ? OPENS + 1 : 0, iaa.size(), out);
        for (int i = 0; i < qat.size(); i++) {
            assertEquals("qat unavailable: no QAT device found (qzInit returned -101, QZ_NOSW_NO_HW): check that"
                    + " `lspci -d 8086:` lists a QAT device, that its driver is loaded (`lsmod | grep qat`) and that"
                    + " the qat service runs (`systemctl status qat`)", qat.get(i));
        }
        for (int i = 0; i < iaa.size(); i++) {
            assertEquals("iaa unavailable: no IAA device: QPL could not load libaccel-config (qpl_init_job(hardware)"
                    + " returned 501): install accel-config (Debian/Ubuntu: accel-config, libaccel-config1) and enable"
                    + " an IAA work queue with it", iaa.get(i));
        }
        // QATzip prints these itself when it looks for a device and finds none: once for the opens
        // before the reload, once more for the probe after it.
        assertEquals(qatHere ? 2 : 0, count(stderr, "[Error]"), stderr);
        assertEquals(qatHere ? 2 : 0, count(stderr, "QZ_NOSW_NO_HW"), stderr);
        assertFalse(stderr.contains("Exception"), stderr);
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }

    /**
     * The child: opens each engine {@link #OPENS} times, then once more after forgetting the
     * failed probes as a reload does, and prints what each open reports.
     */
    public static final class OpenEnginesMain {
        public static void main(String[] args) {
            for (int i = 0; i < OPENS; i++) {
                open();
            }
            ProbeOnce.forgetFailures();
            open();
        }

        private static void open() {
            if (LibrariesUnderTest.runs(LibrariesUnderTest.QATZIP)) {
                try (QatEngine qat = QatEngine.open(LibrariesUnderTest.qatzip(), 1, false, true, 8, 1 << 20)) {
                    System.out.println("qat " + qat.status());
                }
            }
            if (LibrariesUnderTest.runs(LibrariesUnderTest.QPL)) {
                try (IaaEngine iaa = IaaEngine.open(LibrariesUnderTest.qpl(), true, false, 8, 1 << 20)) {
                    System.out.println("iaa " + iaa.status());
                }
            }
        }
    }
}
