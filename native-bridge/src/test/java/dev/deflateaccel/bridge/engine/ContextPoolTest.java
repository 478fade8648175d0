package dev.deflateaccel.bridge.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

class ContextPoolTest {
    private final AtomicInteger freed = new AtomicInteger();

    private final class Ctx implements ContextPool.Context {
        @Override
        public void free() {
            freed.incrementAndGet();
        }
    }

    @Test
    void boundedReusedAndFreed() {
        ContextPool<Ctx> pool = new ContextPool<>(2, Ctx::new);
        Ctx a = pool.acquire();
        Ctx b = pool.acquire();
        assertNotNull(a);
        assertNotNull(b);
        assertNull(pool.acquire(), "a third concurrent caller must be declined, not given a third context");
        pool.release(a);
        assertSame(a, pool.acquire(), "idle contexts are reused");
        assertEquals(2, pool.liveContexts());
        pool.release(a);
        pool.close();
        assertEquals(1, freed.get(), "close frees idle contexts");
        pool.release(b);
        assertEquals(2, freed.get(), "a context in use at close is freed when released");
        assertEquals(0, pool.liveContexts());
        assertNull(pool.acquire());
    }
}
