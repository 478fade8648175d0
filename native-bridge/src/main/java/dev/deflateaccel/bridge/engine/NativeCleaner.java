package dev.deflateaccel.bridge.engine;

import java.lang.ref.PhantomReference;
import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What {@code java.lang.ref.Cleaner} (Java 9+) did for the engines, on Java 8: the agent runs
 * inside Cassandra 4.0 and 4.1, which run on Java 8. An action registered for an owner runs
 * exactly once: at the first {@link Cleanable#clean()}, or on this class's daemon thread once the
 * owner is phantom reachable, whichever comes first. The action must not reference the owner,
 * or the owner never becomes unreachable.
 *
 * <p>The thread starts with the first registration and ends once nothing registered is left
 * (checked every {@link #IDLE_MILLIS}), so that, like the JDK's Cleaner, it does not keep a class
 * loader whose engines are all gone alive. Exceptions thrown by an action on that thread are
 * ignored, as the JDK's Cleaner does; {@code clean()} throws them to its caller.
 */
final class NativeCleaner {

    /** A registration: {@link #clean()} runs its action now unless it ran already. */
    interface Cleanable {
        void clean();
    }

    static final long IDLE_MILLIS = 10_000;

    private static final ReferenceQueue<Object> QUEUE = new ReferenceQueue<>();
    /** Holds each registration until it is cleaned: an unreferenced PhantomReference is never enqueued. */
    private static final Set<Ref> REGISTERED = ConcurrentHashMap.newKeySet();
    private static final Object LOCK = new Object();
    private static boolean running; // guarded by LOCK

    private NativeCleaner() {
    }

    static Cleanable register(Object owner, Runnable action) {
        Ref ref = new Ref(owner, action);
        synchronized (LOCK) {
            REGISTERED.add(ref);
            if (!running) {
                running = true;
                Thread t = new Thread(NativeCleaner::run, "deflate-accel-cleaner");
                t.setDaemon(true);
                t.setContextClassLoader(null); // pins no Cassandra class loader
                t.start();
            }
        }
        return ref;
    }

    private static void run() {
        while (true) {
            Reference<?> r;
            try {
                r = QUEUE.remove(IDLE_MILLIS);
            } catch (InterruptedException e) {
                continue; // not ours to stop: registrations would never be cleaned
            }
            if (r != null) {
                try {
                    ((Ref) r).clean();
                } catch (Throwable t) {
                    // As java.lang.ref.Cleaner: the owner is gone, nobody to report to.
                }
                continue;
            }
            synchronized (LOCK) {
                if (REGISTERED.isEmpty()) {
                    running = false; // the next register() starts a new thread
                    return;
                }
            }
        }
    }

    private static final class Ref extends PhantomReference<Object> implements Cleanable {
        private final AtomicReference<Runnable> action;

        Ref(Object owner, Runnable action) {
            super(owner, QUEUE);
            this.action = new AtomicReference<>(action);
        }

        @Override
        public void clean() {
            Runnable a = action.getAndSet(null); // exactly once, whichever thread gets here first
            if (a != null) {
                REGISTERED.remove(this);
                clear();
                a.run();
            }
        }
    }
}
