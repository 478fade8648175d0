package dev.deflateaccel.agent;

import java.lang.management.ManagementFactory;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import javax.management.ObjectName;

import dev.deflateaccel.bridge.AccelLog;
import dev.deflateaccel.bridge.DeflateBridge;
import dev.deflateaccel.bridge.config.ConfigKey;
import dev.deflateaccel.bridge.stats.CallerGroup;
import dev.deflateaccel.bridge.stats.CodecClock;
import dev.deflateaccel.bridge.stats.Direction;
import dev.deflateaccel.bridge.stats.EngineStatistics;
import dev.deflateaccel.bridge.stats.StatisticsRegistry;

/**
 * The codec's share of this process's CPU: the CPU time of DeflateCompressor's woven methods (the
 * engines' {@code CpuNanos*} counters, {@code engine=cassandra} included) over the JVM's own
 * process CPU time, over the last minute and since the agent started, by direction, by caller
 * group and by engine. This is the figure that says whether the agent can matter on a node: a
 * codec at 1% of the CPU cannot save more than 1%.
 *
 * <p>A daemon thread takes a reading every {@value #STEP_SECONDS} s and keeps the last minute's;
 * a share asked for in between is taken against a fresh reading. A reload replaces the engines'
 * counters, so the replaced ones' totals are carried over ({@link #replace}) and "since start"
 * stays since the agent started. Every {@code log_codec_cpu_minutes} the thread logs the status
 * line, at every log_level but 0, as the statistics dumps are. Nothing here runs on Cassandra's call path; a failure here is logged once and stops only
 * this thread.
 */
final class CodecCpuShare {
    static final long STEP_SECONDS = 10;
    private static final long MINUTE_NANOS = TimeUnit.MINUTES.toNanos(1);

    /** Codec CPU by direction and caller group, and by engine, with the process CPU, at one moment. */
    static final class Reading {
        final long atNanos;
        final long processCpuNanos;
        final long[][] codec = new long[Direction.values().length][CallerGroup.values().length];
        final Map<String, Long> byEngine = new TreeMap<>();

        Reading(long atNanos, long processCpuNanos) {
            this.atNanos = atNanos;
            this.processCpuNanos = processCpuNanos;
        }

        void add(StatisticsRegistry registry) {
            for (EngineStatistics s : registry.all()) {
                long engineTotal = 0;
                for (CallerGroup g : CallerGroup.values()) {
                    long n = s.cpuNanos(g);
                    codec[s.direction().ordinal()][g.ordinal()] += n;
                    engineTotal += n;
                }
                byEngine.merge(s.engine(), engineTotal, Long::sum);
            }
        }

        void add(Reading other) {
            for (int d = 0; d < codec.length; d++) {
                for (int g = 0; g < codec[d].length; g++) {
                    codec[d][g] += other.codec[d][g];
                }
            }
            other.byEngine.forEach((e, n) -> byEngine.merge(e, n, Long::sum));
        }

        long total() {
            long t = 0;
            for (long[] byGroup : codec) {
                for (long n : byGroup) {
                    t += n;
                }
            }
            return t;
        }
    }

    /** Shares of the process's CPU between two readings, in percent; NaN when it cannot be told. */
    static final class Shares {
        final double seconds;
        final double processCpuSeconds;
        final double total;
        final double[] byDirection = new double[Direction.values().length];
        final double[] byGroup = new double[CallerGroup.values().length];
        final Map<String, Double> byEngine = new TreeMap<>();

        Shares(Reading from, Reading to) {
            seconds = (to.atNanos - from.atNanos) / 1e9;
            long process = to.processCpuNanos - from.processCpuNanos;
            processCpuSeconds = process / 1e9;
            boolean known = from.processCpuNanos >= 0 && to.processCpuNanos >= 0 && process > 0;
            total = known ? percent(to.total() - from.total(), process) : Double.NaN;
            for (int d = 0; d < byDirection.length; d++) {
                long n = 0;
                for (int g = 0; g < byGroup.length; g++) {
                    n += to.codec[d][g] - from.codec[d][g];
                }
                byDirection[d] = known ? percent(n, process) : Double.NaN;
            }
            for (int g = 0; g < byGroup.length; g++) {
                long n = 0;
                for (int d = 0; d < byDirection.length; d++) {
                    n += to.codec[d][g] - from.codec[d][g];
                }
                byGroup[g] = known ? percent(n, process) : Double.NaN;
            }
            for (Map.Entry<String, Long> e : to.byEngine.entrySet()) {
                long n = e.getValue() - from.byEngine.getOrDefault(e.getKey(), 0L);
                if (known && n > 0) {
                    byEngine.put(e.getKey(), percent(n, process));
                }
            }
        }

        private static double percent(long part, long whole) {
            return 100.0 * Math.max(0, part) / whole;
        }
    }

    private final Reading atStart;
    private final Deque<Reading> lastMinute = new ArrayDeque<>();
    private Reading carried = new Reading(0, 0);
    private volatile Thread thread;
    private long lastLogNanos;

    CodecCpuShare() {
        atStart = read();
        lastMinute.addLast(atStart);
        lastLogNanos = atStart.atNanos;
    }

    /**
     * Starts the reading (and logging) thread. A thread that cannot start (no memory for its
     * stack) costs only the periodic line and the last-minute window: status then gives shares
     * since start. Never throws.
     */
    void start(AccelLog log) {
        try {
            Thread t = new Thread(this::run, "deflate-accel-codec-cpu");
            t.setDaemon(true);
            thread = t;
            t.start();
        } catch (RuntimeException | Error e) {
            thread = null;
            log.warn("codec CPU share: its thread did not start (" + e + "); no periodic line, shares since start only");
        }
    }

    /**
     * Detach: the thread ends at its next wake-up. Not interrupted: it may be writing the log,
     * whose file channel an interrupt would close for the detach's own last line.
     */
    void stop() {
        thread = null;
    }

    /**
     * A reload: {@code install} swaps the new bridge in, and {@code replaced}'s totals are kept in
     * "since start". Under the readings' lock, so that no reading counts the old counters twice
     * (as the current bridge's and as carried) or not at all.
     */
    synchronized void replace(StatisticsRegistry replaced, Runnable install) {
        install.run();
        Reading r = new Reading(0, 0);
        r.add(replaced);
        carried.add(r);
    }

    synchronized Shares lastMinute() {
        Reading now = read();
        Reading from = lastMinute.peekFirst();
        for (Reading r : lastMinute) {
            if (now.atNanos - r.atNanos <= MINUTE_NANOS + TimeUnit.SECONDS.toNanos(STEP_SECONDS) / 2) {
                from = r;
                break;
            }
        }
        return new Shares(from, now);
    }

    synchronized Shares sinceStart() {
        return new Shares(atStart, read());
    }

    /** The one line status, JMX and the periodic log give. */
    String line() {
        Shares minute = lastMinute();
        Shares start = sinceStart();
        if (Double.isNaN(start.total) && Double.isNaN(minute.total)) {
            return "codec CPU: not available (this JVM does not give its process CPU time)";
        }
        StringBuilder s = new StringBuilder("codec CPU: ");
        s.append(pct(minute.total)).append(" of this process's CPU over the last ")
                .append(Math.round(minute.seconds)).append(" s (compress ")
                .append(pct(minute.byDirection[Direction.COMPRESS.ordinal()])).append(", decompress ")
                .append(pct(minute.byDirection[Direction.DECOMPRESS.ordinal()])).append(';');
        for (CallerGroup g : CallerGroup.values()) {
            s.append(' ').append(g.label()).append(' ').append(pct(minute.byGroup[g.ordinal()]))
                    .append(g.ordinal() < CallerGroup.values().length - 1 ? "," : ";");
        }
        if (minute.byEngine.isEmpty()) {
            s.append(" no calls)");
        } else {
            minute.byEngine.forEach((e, p) -> s.append(' ').append(e).append(' ').append(pct(p)).append(','));
            s.setLength(s.length() - 1);
            s.append(')');
        }
        s.append(", ").append(pct(start.total)).append(" since start (").append(Math.round(start.seconds)).append(" s); ")
                .append(CodecClock.measuresCpuTime() ? "thread CPU time" : "WALL time (this JVM gives no thread CPU time)")
                .append(" of 1 call in ").append(CodecClock.SAMPLE_EVERY).append(" per thread");
        return s.toString();
    }

    /** The shares by engine as {@code engine=percent} pairs joined by commas, for tools (the MBean). */
    static String byEngine(Shares shares) {
        StringBuilder s = new StringBuilder();
        shares.byEngine.forEach((e, p) -> s.append(s.length() == 0 ? "" : ",").append(e).append('=')
                .append(String.format(Locale.ROOT, "%.3f", p)));
        return s.toString();
    }

    static String pct(double p) {
        if (Double.isNaN(p)) {
            return "n/a";
        }
        return String.format(Locale.ROOT, p >= 10 ? "%.0f%%" : "%.1f%%", p);
    }

    private void run() {
        // The codec clock calibrates itself once (a few thousand clock reads): here, not in the
        // first call of a Cassandra thread, whenever this thread gets there first.
        CodecClock.clockReadNanos();
        boolean problemLogged = false;
        while (thread == Thread.currentThread()) {
            try {
                Thread.sleep(TimeUnit.SECONDS.toMillis(STEP_SECONDS));
            } catch (InterruptedException e) {
                return;
            }
            if (thread != Thread.currentThread()) {
                return; // detached while asleep
            }
            try {
                step();
            } catch (RuntimeException | Error e) {
                if (!problemLogged) {
                    problemLogged = true;
                    DeflateBridge b = CassandraRoute.bridge();
                    if (b != null) {
                        b.log().warn("codec CPU share: a reading failed (" + e + "); status may show stale shares");
                    }
                }
            }
        }
    }

    private void step() {
        Reading now;
        synchronized (this) {
            now = read();
            lastMinute.addLast(now);
            while (lastMinute.size() > 1 && now.atNanos - lastMinute.peekFirst().atNanos
                    > MINUTE_NANOS + TimeUnit.SECONDS.toNanos(STEP_SECONDS)) {
                lastMinute.removeFirst();
            }
        }
        DeflateBridge b = CassandraRoute.bridge();
        if (b == null) {
            return;
        }
        long minutes = b.config().value(ConfigKey.LOG_CODEC_CPU_MINUTES);
        if (minutes > 0 && now.atNanos - lastLogNanos >= TimeUnit.MINUTES.toNanos(minutes)) {
            lastLogNanos = now.atNanos;
            AccelLog log = b.log();
            log.statistics(line()); // as the statistics dumps: at every log_level but 0
        }
    }

    /** Now: the current engines' counters plus those carried over from replaced ones. */
    private synchronized Reading read() {
        Reading r = new Reading(System.nanoTime(), processCpuNanos());
        DeflateBridge b = CassandraRoute.bridge();
        if (b != null) {
            r.add(b.statistics());
        }
        r.add(carried);
        return r;
    }

    /** The JVM's process CPU time, as its OperatingSystem MBean gives it; -1 where it does not. */
    static long processCpuNanos() {
        try {
            Object v = ManagementFactory.getPlatformMBeanServer()
                    .getAttribute(new ObjectName("java.lang:type=OperatingSystem"), "ProcessCpuTime");
            return v instanceof Long ? (Long) v : -1;
        } catch (Exception e) {
            return -1;
        }
    }
}
