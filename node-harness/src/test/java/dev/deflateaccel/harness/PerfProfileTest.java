package dev.deflateaccel.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** perf report's quiet output, as a 5.0 node with the agent gave it (codec-share run, 2026-12-05), read by library. */
class PerfProfileTest {

    private static final List<String> REPORT = List.of(
            "    55.50%  [JIT] tid 24603",
            "    18.60%  libdeflate.so.0",
            "    12.20%  libjvm.so",
            "     9.80%  [kernel.kallsyms]",
            "     2.80%  libc.so.6",
            "     0.40%  jna8734175629619972883.tmp (deleted)",
            "     0.20%  libzip.so",
            "     0.10%  libz.so.1.2.13",
            "",
            "# a comment line perf may print");

    @Test
    void sharesAreReadByObjectInTheReportsOrder() {
        Map<String, Double> shares = PerfProfile.parse(REPORT);
        assertEquals(List.of("[JIT] tid 24603", "libdeflate.so.0", "libjvm.so", "[kernel.kallsyms]", "libc.so.6",
                "jna8734175629619972883.tmp (deleted)", "libzip.so", "libz.so.1.2.13"), List.copyOf(shares.keySet()));
        assertEquals(55.5, shares.get("[JIT] tid 24603"), 1e-9);
    }

    @Test
    void aLibrarysShareSumsItsObjectsAndNoOther() {
        Map<String, Double> shares = PerfProfile.parse(REPORT);
        // libz.so's prefix does not take libzip.so; JNA's unpacked copy counts by its "jna" prefix.
        assertEquals(0.1, PerfProfile.share(shares, "libz.so"), 1e-9);
        assertEquals(19.0, PerfProfile.share(shares, "libdeflate.so", "libjnidispatch", "jna"), 1e-9);
        assertEquals(0.0, PerfProfile.share(shares, "libisal.so"), 1e-9);
    }
}
