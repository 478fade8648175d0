package dev.deflateaccel.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

import org.junit.jupiter.api.Test;

class ThreadGroupCpuTest {

    @Test
    void cassandraThreadNamesAsTheKernelCutsThemFallIntoTheirGroups() {
        assertEquals("compaction", ThreadGroupCpu.group("CompactionExecu"));
        assertEquals("flush", ThreadGroupCpu.group("PerDiskMemtable"));
        assertEquals("flush", ThreadGroupCpu.group("MemtableFlushWr"));
        assertEquals("request", ThreadGroupCpu.group("ReadStage-3"));
        assertEquals("request", ThreadGroupCpu.group("MutationStage-1"));
        assertEquals("request", ThreadGroupCpu.group("Native-Transpor"));
        assertEquals("request", ThreadGroupCpu.group("SharedPool-Work"));
        assertEquals("gc", ThreadGroupCpu.group("GC Thread#1"));
        assertEquals("gc", ThreadGroupCpu.group("G1 Conc#0"));
        assertEquals("jit", ThreadGroupCpu.group("C2 CompilerThre"));
        assertEquals("other", ThreadGroupCpu.group("ScheduledTasks:"));
    }

    @Test
    void cpuOfANamedThreadIsCountedInItsGroup() throws Exception {
        long pid = ProcessHandle.current().pid();
        ThreadGroupCpu.Snapshot before = ThreadGroupCpu.take(pid);
        Thread busy = new Thread(ThreadGroupCpuTest::burnCpu, "CompactionExecutor:1");
        busy.start();
        busy.join();
        // The thread has exited: its CPU is in the process total only, so it lands in "other".
        // join() can return a moment before the kernel drops the task from /proc/self/task, and
        // while it is listed its time still counts as compaction: wait for it to go.
        Map<String, Double> afterExit = ThreadGroupCpu.secondsBetween(before, ThreadGroupCpu.take(pid));
        for (int i = 0; i < 50 && afterExit.get("compaction") > 0; i++) {
            Thread.sleep(100);
            afterExit = ThreadGroupCpu.secondsBetween(before, ThreadGroupCpu.take(pid));
        }
        assertTrue(afterExit.get("other") >= 0.2, afterExit.toString());

        ThreadGroupCpu.Snapshot start = ThreadGroupCpu.take(pid);
        CountDownLatch burned = new CountDownLatch(1);
        CountDownLatch measured = new CountDownLatch(1);
        Thread live = new Thread(() -> {
            burnCpu();
            burned.countDown();
            try {
                measured.await(); // stay alive until the second snapshot
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "CompactionExecutor:2");
        live.start();
        burned.await();
        Map<String, Double> seconds = ThreadGroupCpu.secondsBetween(start, ThreadGroupCpu.take(pid));
        measured.countDown();
        live.join();
        assertTrue(seconds.get("compaction") >= 0.2, seconds.toString());
        assertEquals(ThreadGroupCpu.GROUPS, List.copyOf(seconds.keySet()));
    }

    /** Spins until this thread has used 300 ms of CPU, however loaded the machine is. */
    private static void burnCpu() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long x = 0;
        while (threads.getCurrentThreadCpuTime() < 300_000_000L) {
            for (int i = 0; i < 100_000; i++) {
                x += i * 31L ^ x;
            }
        }
        if (x == 42) {
            System.out.println(x);
        }
    }
}
