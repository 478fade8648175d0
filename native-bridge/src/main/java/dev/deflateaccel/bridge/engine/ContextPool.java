package dev.deflateaccel.bridge.engine;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Supplier;

/**
 * A bounded, lock-free pool of native contexts. The bound is independent of the thread count:
 * Cassandra runs hundreds of threads, and one context per thread would pin hundreds of megabytes
 * of native memory. When every context is in use, {@link #acquire()} returns null and the caller
 * goes to the next engine rather than blocking a Cassandra thread. No allocation on acquire or
 * release once the pool is warm.
 */
final class ContextPool<C extends ContextPool.Context> {

    /** Native state owned by one call at a time. */
    interface Context {
        void free();
    }

    private final AtomicReferenceArray<C> idle;
    private final AtomicInteger live = new AtomicInteger();
    private final Supplier<C> factory;
    private volatile boolean closed;

    ContextPool(int maxContexts, Supplier<C> factory) {
        this.idle = new AtomicReferenceArray<>(maxContexts);
        this.factory = factory;
    }

    /** An idle or new context, or null when all contexts are busy (or the pool is closed). */
    C acquire() {
        if (closed) {
            return null;
        }
        int n = idle.length();
        int start = startSlot(n);
        for (int i = 0; i < n; i++) {
            int slot = (start + i) % n;
            C c = idle.get(slot);
            if (c != null && idle.compareAndSet(slot, c, null)) {
                return c;
            }
        }
        for (int count = live.get(); count < n; count = live.get()) {
            if (live.compareAndSet(count, count + 1)) {
                try {
                    return factory.get();
                } catch (RuntimeException | Error e) {
                    live.decrementAndGet();
                    throw e;
                }
            }
        }
        return null;
    }

    void release(C c) {
        int n = idle.length();
        int start = startSlot(n);
        for (int i = 0; i < n && !closed; i++) {
            int slot = (start + i) % n;
            if (idle.compareAndSet(slot, null, c)) {
                // close() may have swept the slots just before we parked the context.
                if (closed && idle.compareAndSet(slot, c, null)) {
                    discard(c);
                }
                return;
            }
        }
        discard(c);
    }

    /** Frees idle contexts now; contexts in use are freed when released. Idempotent. */
    void close() {
        closed = true;
        for (int slot = 0; slot < idle.length(); slot++) {
            C c = idle.getAndSet(slot, null);
            if (c != null) {
                discard(c);
            }
        }
    }

    /** The most contexts this pool ever holds at once. */
    int capacity() {
        return idle.length();
    }

    /** Contexts currently allocated (idle or in use); for tests and statistics. */
    int liveContexts() {
        return live.get();
    }

    /** Frees a context instead of pooling it (its state is not fit for another call). */
    void discard(C c) {
        live.decrementAndGet();
        c.free();
    }

    private static int startSlot(int n) {
        // Threads start their scan at different slots so that they rarely contend on one.
        @SuppressWarnings("deprecation")
        long id = Thread.currentThread().getId();
        return (int) (id % n);
    }
}
