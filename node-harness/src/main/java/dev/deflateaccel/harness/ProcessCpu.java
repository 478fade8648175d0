package dev.deflateaccel.harness;

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
public final class ProcessCpu {

    public static final double CLOCK_TICKS_PER_SECOND = clockTicks();

    private ProcessCpu() {
    }

    public static double seconds(long pid) {
        try {
            String stat = new String(Files.readAllBytes(Paths.get("/proc/" + pid + "/stat")), StandardCharsets.US_ASCII);
            return ticks(stat) / CLOCK_TICKS_PER_SECOND;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read /proc/" + pid + "/stat", e);
        }
    }

    /** utime + stime in clock ticks, from the text of a process's or a thread's stat file. */
    public static long ticks(String stat) {
        // The command name in field 2 may hold spaces; everything after its ')' is fixed.
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
        // fields[0] is field 3 (state); utime is field 14, stime field 15.
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
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
