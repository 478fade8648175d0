package dev.deflateaccel.lab;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * A benchmark's own children are not "other processes": the efficiency run keeps its agent JVMs
 * and the C reference alive while it measures, and counting them as others made every repetition
 * read about 50% busy on 2 cores.
 */
class MachineLoadTest {

    @Test
    void ownTimeIncludesLiveChildren() throws Exception {
        Process spinner = new ProcessBuilder(List.of("sh", "-c", "while :; do :; done")).start();
        try {
            MachineLoad before = MachineLoad.snapshot();
            long childBefore = ProcessTreeCpu.jiffies(spinner.pid());
            Thread.sleep(1500);
            long childUsed = ProcessTreeCpu.jiffies(spinner.pid()) - childBefore;
            MachineLoad after = MachineLoad.snapshot();
            assertTrue(childUsed > 0, "the spinning child got no CPU in 1.5 s");
            assertTrue(after.ownJiffiesSince(before) >= childUsed,
                    "own " + after.ownJiffiesSince(before) + " ticks should include the live child's " + childUsed);
        } finally {
            spinner.destroyForcibly().waitFor();
        }
    }

    @Test
    void anAbsentProcessIsAnError() {
        assertThrows(IOException.class, () -> ProcessTreeCpu.jiffies(Long.MAX_VALUE));
    }
}
