package dev.deflateaccel.lab;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Locale;

/**
 * How much of the machine something other than this benchmark used between two snapshots. On a
 * small shared machine (2 cores here) a concurrent build or test run halves the numbers without
 * any other sign, so the report states it per configuration rather than leaving it to guesswork.
 *
 * Busy CPU time of the whole machine comes from /proc/stat; the benchmark's own from its process
 * tree ({@link ProcessTreeCpu}): this JVM, the children still running (the efficiency run's agent
 * JVMs and C reference serve for its whole length) and the ones already reaped. The difference is
 * everybody else. Counting only this JVM and its reaped children, as before, put the live children
 * among "other processes", so a busy benchmark reported itself as the disturbance. Steal time (the
 * hypervisor running other guests) is reported on its own. Linux only; elsewhere it reports nothing.
 */
public final class MachineLoad {
    /** Share of all CPU time above which the report warns that the numbers are disturbed. */
    public static final double DISTURBED = 0.10;

    private final long totalJiffies;
    private final long busyJiffies;
    private final long stealJiffies;
    private final long ownJiffies;
    private final boolean available;

    private MachineLoad(long total, long busy, long steal, long own, boolean available) {
        this.totalJiffies = total;
        this.busyJiffies = busy;
        this.stealJiffies = steal;
        this.ownJiffies = own;
        this.available = available;
    }

    public static MachineLoad snapshot() {
        try {
            String[] cpu = Files.readAllLines(Paths.get("/proc/stat")).get(0).trim().split("\\s+");
            long total = 0;
            for (int i = 1; i <= 8 && i < cpu.length; i++) { // user nice system idle iowait irq softirq steal
                total += Long.parseLong(cpu[i]);
            }
            long idle = Long.parseLong(cpu[4]) + Long.parseLong(cpu[5]);
            long steal = cpu.length > 8 ? Long.parseLong(cpu[8]) : 0;
            long own = ProcessTreeCpu.jiffies(ProcessHandle.current().pid());
            return new MachineLoad(total, total - idle - steal, steal, own, true);
        } catch (IOException | RuntimeException e) {
            return new MachineLoad(0, 0, 0, 0, false);
        }
    }

    /** CPU time of the benchmark's process tree since {@code earlier}, in clock ticks. */
    long ownJiffiesSince(MachineLoad earlier) {
        return ownJiffies - earlier.ownJiffies;
    }

    /** Share of all CPU time, since {@code earlier}, used by other processes; NaN if unknown. */
    public double othersShareSince(MachineLoad earlier) {
        long total = totalJiffies - earlier.totalJiffies;
        if (!available || !earlier.available || total <= 0) {
            return Double.NaN;
        }
        long others = (busyJiffies - earlier.busyJiffies) - (ownJiffies - earlier.ownJiffies);
        return Math.max(0, (double) others / total);
    }

    public double stealShareSince(MachineLoad earlier) {
        long total = totalJiffies - earlier.totalJiffies;
        return !available || !earlier.available || total <= 0 ? Double.NaN
                : (double) (stealJiffies - earlier.stealJiffies) / total;
    }

    public String describeSince(MachineLoad earlier) {
        double others = othersShareSince(earlier);
        if (Double.isNaN(others)) {
            return "unknown";
        }
        return String.format(Locale.ROOT, "%.0f%% other processes, %.0f%% steal", 100 * others,
                100 * stealShareSince(earlier));
    }

    /**
     * Waits until other processes use less than 5% of the CPU over a 3-second window, for at most
     * {@code maxSeconds}; returns whether it got quiet. Between configurations this JVM is idle, so
     * anything measured here is somebody else.
     */
    public static boolean waitForQuiet(int maxSeconds) throws InterruptedException {
        long deadline = System.nanoTime() + maxSeconds * 1_000_000_000L;
        boolean told = false;
        while (true) {
            MachineLoad before = snapshot();
            Thread.sleep(3000);
            MachineLoad after = snapshot();
            double others = after.othersShareSince(before);
            if (Double.isNaN(others) || others < 0.05) {
                return true;
            }
            if (System.nanoTime() > deadline) {
                System.out.println("[bench] machine still busy after " + maxSeconds + " s ("
                        + after.describeSince(before) + "); going on, the report will flag it");
                return false;
            }
            if (!told) {
                System.out.println("[bench] waiting up to " + maxSeconds + " s for a quiet machine ("
                        + after.describeSince(before) + ") ...");
                told = true;
            }
        }
    }

    public boolean disturbedSince(MachineLoad earlier) {
        double others = othersShareSince(earlier);
        double steal = stealShareSince(earlier);
        return (!Double.isNaN(others) && others > DISTURBED) || (!Double.isNaN(steal) && steal > DISTURBED);
    }
}
