package dev.deflateaccel.agent.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostFactsTest {
    /** x86's numeric "model" line comes first and must not be taken for the name. */
    @Test
    void readsTheModelNameNotTheModelNumber(@TempDir Path dir) throws Exception {
        Path cpuinfo = dir.resolve("cpuinfo");
        Files.write(cpuinfo, Arrays.asList("processor\t: 0", "vendor_id\t: GenuineIntel", "cpu family\t: 6", "model\t\t: 143",
                "model name\t: Intel(R) Xeon(R) Platinum 8480+", "flags\t\t: fpu avx512f"));
        assertEquals("Intel(R) Xeon(R) Platinum 8480+", HostFacts.cpuModel(cpuinfo));
    }
}
