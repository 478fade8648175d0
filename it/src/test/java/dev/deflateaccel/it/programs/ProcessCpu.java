package dev.deflateaccel.it.programs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;

/**
 * CPU seconds a process has used (utime + stime, fields 14 and 15 of /proc/&lt;pid&gt;/stat). The
 * benchmarks divide deltas of this by operations: on a 2-core machine where the client competes
 * with the node, CPU per operation says more about the node's work than throughput does. (perf's
 * cycle counter would be finer, but this VM reports it "not supported".)
 */
final class ProcessCpu {

    private static final double CLOCK_TICKS_PER_SECOND = clockTicks();

    private ProcessCpu() {
    }

    static double seconds(long pid) {
        try {
            String stat = new String(Files.readAllBytes(Paths.get("/proc/" + pid + "/stat")), StandardCharsets.US_ASCII);
            // The command name in field 2 may hold spaces; everything after its ')' is fixed.
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
            // fields[0] is field 3 (state); utime is field 14, stime field 15.
            long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
            return ticks / CLOCK_TICKS_PER_SECOND;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read /proc/" + pid + "/stat", e);
        }
    }

    private static double clockTicks() {
        try {
            Process p = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
            p.waitFor();
            return Double.parseDouble(out);
        } catch (Exception e) {
            return 100;
        }
    }
}
