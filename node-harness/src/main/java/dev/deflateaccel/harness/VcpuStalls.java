package dev.deflateaccel.harness;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * Time this machine's CPUs did not run at all, measured from inside (issue 37): on a VM, a vCPU
 * the host does not run stops every thread on it, the node's and the load client's alike, and
 * the guest sees no sign of it (this VM's /proc/stat reports no steal, and pressure stall
 * information counts only what the guest's own scheduler delays).
 *
 * <p>How: one small meter process per CPU, pinned to it with taskset, sleeps 1 ms at a time.
 * A wake-up later than asked is either a wait in the CPU's run queue (the guest's scheduler gave
 * the CPU to another thread; the kernel counts it in /proc/thread-self/schedstat) or time in
 * which the CPU ran nothing the guest knows of. The meter reports each delay of the second kind
 * of at least {@value #THRESHOLD_MS} ms. On one of this project's VM hosts they came as stops
 * of about 100 ms, in the seconds of a node's slowest reads
 * (lab/node-results/20261205-215954-compaction-reads.md).
 *
 * <p>Cost: each meter wakes 1,000 times a second and reads one /proc file (its CPU not measured),
 * the same for every configuration a benchmark compares. Without taskset the meters do not start
 * and the signals are NaN.
 */
public final class VcpuStalls implements AutoCloseable {

    /** Delays below this are the timer's and the scheduler's ordinary slack, not a stopped CPU. */
    static final int THRESHOLD_MS = 5;

    private final List<Process> meters = new ArrayList<>();
    private double totalMs;
    private double longestMs;
    private int started;

    private VcpuStalls() {
    }

    /** One meter per CPU of this machine, from now; none (NaN signals) if taskset or java cannot start. */
    public static VcpuStalls start() {
        VcpuStalls s = new VcpuStalls();
        String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
        String classpath;
        try {
            classpath = Paths.get(VcpuStalls.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                    .toString();
        } catch (Exception e) {
            return s;
        }
        for (int cpu = 0; cpu < Runtime.getRuntime().availableProcessors(); cpu++) {
            try {
                Process p = new ProcessBuilder("taskset", "-c", Integer.toString(cpu), java, "-XX:+UseSerialGC",
                        "-Xmx16m", "-cp", classpath, VcpuStalls.class.getName())
                        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
                s.meters.add(p);
                Thread reader = new Thread(() -> s.read(p), "vcpu-stalls-" + cpu);
                reader.setDaemon(true);
                reader.start();
            } catch (IOException e) {
                s.close();
                return new VcpuStalls();
            }
        }
        return s;
    }

    /** The meters' processes, one per CPU (tests). */
    List<Process> meters() {
        return meters;
    }

    /**
     * Waits until every meter has begun to measure (its first line, a stall of 0 ms); false at the
     * timeout, or if interrupted (the interrupt is kept).
     */
    public synchronized boolean awaitStarted(long timeoutMillis) {
        long end = System.currentTimeMillis() + timeoutMillis;
        try {
            while (started < meters.size() && System.currentTimeMillis() < end) {
                wait(Math.max(1, end - System.currentTimeMillis()));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return started >= meters.size();
    }

    /**
     * The stalled milliseconds so far, every CPU's added. NaN without meters, and once any has
     * ended (a kernel without schedstat, a killed meter, after {@link #close}): its CPU's stops
     * would go uncounted, and a sum without them is not "no stops".
     */
    public synchronized double totalMs() {
        return measuring() ? totalMs : Double.NaN;
    }

    /** The longest single stall since the last call, ms (0 if none); NaN as {@link #totalMs}. */
    public synchronized double takeLongestMs() {
        double l = longestMs;
        longestMs = 0;
        return measuring() ? l : Double.NaN;
    }

    private boolean measuring() {
        return !meters.isEmpty() && meters.stream().allMatch(Process::isAlive);
    }

    private void read(Process meter) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(meter.getInputStream(),
                StandardCharsets.US_ASCII))) {
            boolean first = true;
            for (String line; (line = r.readLine()) != null; ) {
                double ms = Double.parseDouble(line.trim());
                synchronized (this) {
                    totalMs += ms;
                    longestMs = Math.max(longestMs, ms);
                    if (first) {
                        started++;
                        notifyAll();
                    }
                }
                first = false;
            }
        } catch (IOException | NumberFormatException e) {
            // The meter stopped: its CPU's stalls from then on are not counted.
        }
    }

    @Override
    public void close() {
        meters.forEach(Process::destroy);
    }

    /**
     * The meter: run pinned to one CPU; prints 0 once it measures, then each stall in ms, one a
     * line; exits when its parent closes stdin.
     */
    public static void main(String[] args) throws IOException {
        Thread parent = new Thread(() -> {
            try {
                while (System.in.read() >= 0) {
                    // Nothing is sent; end of input is the parent gone.
                }
            } catch (IOException e) {
                // Same as end of input.
            }
            System.exit(0);
        });
        parent.setDaemon(true);
        parent.start();
        byte[] buffer = new byte[128];
        try (RandomAccessFile schedstat = new RandomAccessFile("/proc/thread-self/schedstat", "r")) {
            long waited = runQueueWaitNanos(schedstat, buffer);
            System.out.println(0);
            System.out.flush();
            while (true) {
                long start = System.nanoTime();
                LockSupport.parkNanos(1_000_000);
                long late = System.nanoTime() - start - 1_000_000;
                long nowWaited = runQueueWaitNanos(schedstat, buffer);
                long stalled = late - (nowWaited - waited);
                waited = nowWaited;
                if (stalled >= THRESHOLD_MS * 1_000_000L) {
                    System.out.println(stalled / 1e6);
                    System.out.flush();
                }
            }
        }
    }

    /** schedstat's second field: nanoseconds this thread waited, runnable, for a CPU. Allocates nothing. */
    static long runQueueWaitNanos(RandomAccessFile schedstat, byte[] buffer) throws IOException {
        schedstat.seek(0);
        int n = schedstat.read(buffer);
        int i = 0;
        while (i < n && buffer[i] != ' ') {
            i++;
        }
        long v = 0;
        for (i++; i < n && buffer[i] >= '0' && buffer[i] <= '9'; i++) {
            v = v * 10 + (buffer[i] - '0');
        }
        return v;
    }
}
