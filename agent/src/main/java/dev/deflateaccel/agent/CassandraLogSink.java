package dev.deflateaccel.agent;

import java.lang.instrument.Instrumentation;
import java.lang.reflect.Field;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;

import dev.deflateaccel.bridge.AccelLog;

/**
 * The agent's default log: Cassandra's own (system.log), through the SLF4J the node already has,
 * under the logger {@value #LOGGER}. The agent bundles no SLF4J: the node's is found and called
 * reflectively.
 *
 * <p>Start-up must not change how Cassandra configures its logging, so nothing here touches
 * SLF4J before Cassandra's own code has initialised it: until then lines are kept (at most
 * {@value #MAX_PENDING}) and a daemon thread looks, twice a second, whether
 * {@code org.slf4j.LoggerFactory} has been loaded and has finished binding its provider
 * ({@code INITIALIZATION_STATE}); only then are the kept lines written, in order. In a JVM that
 * never loads SLF4J (a plain Java program, a test) the kept lines go to stdout after
 * {@value #GIVE_UP_SECONDS} s or at exit, and later lines go to stdout directly.
 */
final class CassandraLogSink implements AccelLog.Sink {
    static final String LOGGER = "dev.deflateaccel";
    static final String PREFIX = "deflate-accel: ";
    private static final String FACTORY = "org.slf4j.LoggerFactory";
    private static final int MAX_PENDING = 1000;
    private static final long GIVE_UP_SECONDS = 300;
    /** slf4j 1.7 and 2.x: SUCCESSFUL_INITIALIZATION = 3, NOP_FALLBACK_INITIALIZATION = 4. */
    private static final int SUCCESSFUL = 3;

    private static CassandraLogSink instance;

    private final Deque<String[]> pending = new ArrayDeque<>();
    private int dropped;
    /** null until SLF4J is ready; then the Logger and its four methods. */
    private volatile Object logger;
    private volatile MethodHandle error;
    private volatile MethodHandle warn;
    private volatile MethodHandle info;
    private volatile MethodHandle debug;
    private volatile boolean stdout;

    private CassandraLogSink() {
    }

    /** One per JVM (class loader); started on first use, with the agent's Instrumentation. */
    static synchronized CassandraLogSink get(Instrumentation inst) {
        if (instance == null) {
            instance = new CassandraLogSink();
            instance.start(inst);
        }
        return instance;
    }

    private void start(Instrumentation inst) {
        Class<?> factory = findLoaded(inst);
        if (factory != null && bind(factory)) {
            return; // attached to a running node: logging is long ready
        }
        Thread poller = new Thread(() -> poll(inst), "deflate-accel-log-bridge");
        poller.setDaemon(true);
        poller.start();
        try {
            Runtime.getRuntime().addShutdownHook(new Thread(this::toStdout, "deflate-accel-log-flush"));
        } catch (IllegalStateException | SecurityException ignored) {
            // already shutting down
        }
    }

    private void poll(Instrumentation inst) {
        long deadline = System.nanoTime() + GIVE_UP_SECONDS * 1_000_000_000L;
        while (logger == null && !stdout && System.nanoTime() < deadline) {
            try {
                Thread.sleep(500);
            } catch (InterruptedException e) {
                return;
            }
            Class<?> factory = findLoaded(inst);
            if (factory != null && bind(factory)) {
                return;
            }
        }
        toStdout();
    }

    private static Class<?> findLoaded(Instrumentation inst) {
        for (Class<?> c : inst.getAllLoadedClasses()) {
            if (FACTORY.equals(c.getName())) {
                return c;
            }
        }
        return null;
    }

    /** True when the host's SLF4J is initialised and the kept lines have been written to it. */
    private boolean bind(Class<?> factory) {
        try {
            Field state = factory.getDeclaredField("INITIALIZATION_STATE");
            state.setAccessible(true);
            if (state.getInt(null) < SUCCESSFUL) {
                return false; // Cassandra's thread is still configuring logback: do not race it
            }
            Object l = factory.getMethod("getLogger", String.class).invoke(null, LOGGER);
            // Method handles, not Method.invoke: logback's caller data (%F:%L in Cassandra's
            // pattern) then names this class rather than a reflection frame.
            Class<?> type = factory.getClassLoader().loadClass("org.slf4j.Logger");
            MethodType m = MethodType.methodType(void.class, String.class);
            MethodHandles.Lookup lookup = MethodHandles.publicLookup();
            error = lookup.findVirtual(type, "error", m);
            warn = lookup.findVirtual(type, "warn", m);
            info = lookup.findVirtual(type, "info", m);
            debug = lookup.findVirtual(type, "debug", m);
            synchronized (this) {
                logger = l;
                flush();
            }
            return true;
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return false;
        }
    }

    @Override
    public void write(String tag, String message) {
        if (logger != null) {
            send(tag, message);
            return;
        }
        synchronized (this) {
            if (logger != null) {
                send(tag, message);
            } else if (stdout) {
                print(tag, message);
            } else if (pending.size() < MAX_PENDING) {
                pending.add(new String[] {tag, message});
            } else {
                dropped++;
            }
        }
    }

    private void send(String tag, String message) {
        try {
            MethodHandle m = "ERROR".equals(tag) ? error : "WARN".equals(tag) ? warn : "DEBUG".equals(tag) ? debug : info;
            // Cassandra's pattern shows the source file, not the logger: the prefix makes the
            // agent's lines findable with grep.
            m.invoke(logger, PREFIX + message);
        } catch (Throwable e) {
            if (e instanceof VirtualMachineError) {
                throw (VirtualMachineError) e;
            }
            print(tag, message);
        }
    }

    private void flush() {
        for (String[] line : pending) {
            send(line[0], line[1]);
        }
        pending.clear();
        if (dropped > 0) {
            send("WARN", dropped + " earlier lines of the agent were dropped before logging was ready");
        }
    }

    /** No SLF4J after all: what was kept goes to stdout, as before this sink existed. */
    private synchronized void toStdout() {
        if (logger != null || stdout) {
            return;
        }
        stdout = true;
        for (String[] line : pending) {
            print(line[0], line[1]);
        }
        pending.clear();
    }

    private static void print(String tag, String message) {
        System.out.println(Instant.now() + " [deflate-accel] " + tag + " " + message);
    }
}
