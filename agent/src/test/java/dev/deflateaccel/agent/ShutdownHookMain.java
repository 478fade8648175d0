package dev.deflateaccel.agent;

import java.lang.management.ManagementFactory;
import java.util.List;

import javax.management.MBeanServer;
import javax.management.ObjectName;

import dev.deflateaccel.bridge.TestData;

/**
 * Cassandra drains in its shutdown hook: memtables are flushed, so DeflateCompressor is called
 * while the JVM is exiting. Run with {@code -javaagent}; every entry point is called from a
 * shutdown hook, and the hook prints SHUTDOWN-OK only when each call round-tripped and the
 * expected engine served it. Argument: the engine expected for both directions.
 */
public final class ShutdownHookMain {
    private ShutdownHookMain() {
    }

    public static void main(String[] args) {
        String engine = args[0];
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                List<byte[]> chunks = TestData.chunks(TestData.cassandraLikeRows(128 * 1024, 2), 16 * 1024);
                EntryPointExercise.run(new DeflateCompressorCalls(ShutdownHookMain.class.getClassLoader()), chunks);
                MBeanServer server = ManagementFactory.getPlatformMBeanServer();
                long served = (Long) server.getAttribute(new ObjectName("dev.deflateaccel:type=EngineStatistics,engine="
                        + engine + ",direction=compress"), "Operations");
                long expected = (long) chunks.size() * EntryPointExercise.COMPRESS_CALLS_PER_CHUNK;
                System.out.println(served == expected ? "SHUTDOWN-OK " + served
                        : "SHUTDOWN-FAIL served " + served + " of " + expected);
            } catch (Throwable t) {
                System.out.println("SHUTDOWN-FAIL " + t);
                t.printStackTrace(System.out);
            }
        }, "drain"));
    }
}
