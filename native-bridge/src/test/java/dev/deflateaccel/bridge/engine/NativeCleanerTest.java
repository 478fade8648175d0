package dev.deflateaccel.bridge.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

/** NativeCleaner runs an action exactly once: at clean(), or when its owner is unreachable. */
class NativeCleanerTest {

    @Test
    void cleanRunsTheActionOnce() {
        AtomicInteger runs = new AtomicInteger();
        Object owner = new Object();
        NativeCleaner.Cleanable c = NativeCleaner.register(owner, runs::incrementAndGet);
        c.clean();
        c.clean();
        assertEquals(1, runs.get());
    }

    @Test
    void anUnreachableOwnerIsCleanedOnce() throws Exception {
        AtomicInteger runs = new AtomicInteger();
        registerAndDrop(runs);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (runs.get() == 0 && System.nanoTime() < deadline) {
            System.gc();
            Thread.sleep(20);
        }
        assertEquals(1, runs.get(), "the action must run once the owner is unreachable");
        Thread.sleep(100);
        System.gc();
        assertEquals(1, runs.get());
    }

    @Test
    void aCleanedRegistrationIsNotRunAgainWhenItsOwnerGoes() throws Exception {
        AtomicInteger runs = new AtomicInteger();
        NativeCleaner.Cleanable c = NativeCleaner.register(new Object(), runs::incrementAndGet);
        c.clean();
        for (int i = 0; i < 5; i++) {
            System.gc();
            Thread.sleep(20);
        }
        assertEquals(1, runs.get());
        c.clean();
        assertTrue(runs.get() == 1);
    }

    private static void registerAndDrop(AtomicInteger runs) {
        NativeCleaner.register(new Object(), runs::incrementAndGet);
    }
}
