package dev.deflateaccel.bridge.stats;

import java.lang.management.ManagementFactory;

/** Switches thread CPU time off before CodecClock loads, then times calls: CodecClockTest reads what it prints. */
public final class NoThreadCpuTimeMain {
    private NoThreadCpuTimeMain() {
    }

    public static void main(String[] args) throws Exception {
        ManagementFactory.getThreadMXBean().setThreadCpuTimeEnabled(false);
        EngineStatistics s = new EngineStatistics("zlib", Direction.COMPRESS);
        for (int i = 0; i < CodecClock.SAMPLE_EVERY; i++) {
            CodecClock.Call c = CodecClock.begin();
            Thread.sleep(1); // wall time passes even where no CPU is used
            s.completed(1, 1);
            c.servedBy(s);
            c.end();
        }
        System.out.println("measuresCpuTime=" + CodecClock.measuresCpuTime() + " timed=" + s.getTimedCalls()
                + " cpuNanos>0=" + (s.getCpuNanos() > 0));
    }
}
