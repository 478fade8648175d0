package dev.deflateaccel.bridge.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A QAT or IAA context whose set-up fails holds nothing afterwards: in particular no
 * {@link AcceleratorOutputCheck} whose Inflater would keep its native zlib state until a GC
 * happened to collect it. Each way a set-up can fail is made to happen, on the device emulators,
 * and the count of checks not yet freed must be what it was before.
 */
class AcceleratorContextSetupTest {

    @BeforeAll
    static void bindTheEmulators() {
        DeviceEmulators.Qat.configure("device=1");
        DeviceEmulators.Iaa.configure("device=1");
        try (QatEngine qat = QatEngine.open(DeviceEmulators.qatLibrary(), 1, false, true, 4, 1 << 16);
             IaaEngine iaa = IaaEngine.open(DeviceEmulators.iaaLibrary(), true, false, 4, 1 << 16)) {
            assertTrue(qat.status().isAvailable(), qat.status().toString());
            assertTrue(iaa.status().isAvailable(), iaa.status().toString());
        }
    }

    @AfterAll
    static void healthyDevices() {
        DeviceEmulators.Qat.configure("device=1");
        DeviceEmulators.Iaa.configure("device=1");
    }

    private static void leavesNoCheckOpen(Class<? extends Throwable> failure, Runnable setUp) {
        int before = AcceleratorOutputCheck.open();
        assertThrows(failure, setUp::run);
        assertEquals(before, AcceleratorOutputCheck.open(), "a failed set-up left an output check (and its Inflater) open");
    }

    @Test
    void iaaJobWhoseSizeQplRefuses() {
        // qpl_get_job_size fails for a path QPL does not know.
        leavesNoCheckOpen(NativeDeflateEngine.ContextSetupException.class,
                () -> new IaaEngine.IaaContext(new NativeMemoryMeter(), 99));
    }

    @Test
    void iaaJobWithNoDevice() {
        DeviceEmulators.Iaa.configure("device=0");
        try {
            leavesNoCheckOpen(NativeDeflateEngine.ContextSetupException.class,
                    () -> new IaaEngine.IaaContext(new NativeMemoryMeter(), QplNatives.PATH_HARDWARE));
        } finally {
            DeviceEmulators.Iaa.configure("device=1");
        }
    }

    @Test
    void qatSessionBlockThatCouldNotBeAllocated() {
        // The block's malloc returned 0.
        leavesNoCheckOpen(OutOfMemoryError.class,
                () -> new QatEngine.QatContext(new NativeMemoryMeter(), 0L, 1, false, false));
    }

    @Test
    void qatSessionWithNoDevice() {
        DeviceEmulators.Qat.configure("device=0");
        try {
            leavesNoCheckOpen(NativeDeflateEngine.ContextSetupException.class,
                    () -> new QatEngine.QatContext(new NativeMemoryMeter(), 1, false, false));
        } finally {
            DeviceEmulators.Qat.configure("device=1");
        }
    }

    @Test
    void qatSessionWhoseParametersQatzipRefuses() {
        // comp_lvl 99 is outside QATzip's range: qzSetupSessionDeflateExt returns QZ_PARAMS.
        leavesNoCheckOpen(NativeDeflateEngine.ContextSetupException.class,
                () -> new QatEngine.QatContext(new NativeMemoryMeter(), 99, false, false));
    }

    @Test
    void aContextThatWasSetUpFreesItsCheck() {
        int before = AcceleratorOutputCheck.open();
        IaaEngine.IaaContext iaa = new IaaEngine.IaaContext(new NativeMemoryMeter(), QplNatives.PATH_HARDWARE);
        QatEngine.QatContext qat = new QatEngine.QatContext(new NativeMemoryMeter(), 1, false, false);
        assertEquals(before + 2, AcceleratorOutputCheck.open());
        iaa.free();
        qat.free();
        assertEquals(before, AcceleratorOutputCheck.open());
    }
}
