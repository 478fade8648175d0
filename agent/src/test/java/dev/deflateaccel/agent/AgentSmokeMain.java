package dev.deflateaccel.agent;

import java.lang.management.ManagementFactory;
import java.util.List;

import javax.management.MBeanServer;
import javax.management.ObjectName;

import dev.deflateaccel.bridge.TestData;

/**
 * Runs in a JVM started with {@code -javaagent:deflate-accel-agent.jar=...} and a Cassandra
 * class path (cassandra-all plus the JNA that Cassandra line ships): exercises every entry
 * point of the real DeflateCompressor and checks, through JMX as an operator would, that the
 * expected engines served every call and that their CPU was timed. Arguments: the compress
 * engine and the decompress engine ("cassandra" when no engine is enabled and Cassandra's own
 * code serves every call), or "stock" when the agent is expected to have left the class alone. Exit status 0 on success.
 */
public final class AgentSmokeMain {
    private AgentSmokeMain() {
    }

    public static void main(String[] args) throws Exception {
        String expected = args[0];
        List<byte[]> chunks = TestData.chunks(TestData.cassandraLikeRows(256 * 1024, 1), 16 * 1024);
        EntryPointExercise.run(new DeflateCompressorCalls(AgentSmokeMain.class.getClassLoader()), chunks);

        String jna = String.valueOf(Class.forName("com.sun.jna.Native").getProtectionDomain().getCodeSource().getLocation());
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        if (expected.equals("stock")) {
            boolean any = !server.queryNames(new ObjectName("dev.deflateaccel:*"), null).isEmpty();
            System.out.println("SMOKE stock mbeans=" + any + " jna=" + jna);
            System.exit(any ? 1 : 0);
        }
        String decompressEngine = args.length > 1 ? args[1] : expected;
        long compress = operations(server, expected, "compress");
        long decompress = operations(server, decompressEngine, "decompress");
        System.out.println("SMOKE " + expected + " compress=" + compress + " " + decompressEngine
                + " decompress=" + decompress + " jna=" + jna);
        long unexpected = unexpected(server, "compress") + unexpected(server, "decompress");
        System.out.println("SMOKE cassandra unexpected=" + unexpected);
        // The codec's CPU is timed on a sample of the calls (one in 32 per thread, from a random
        // start), booked to the engine that served them, and shown in the Agent MBean's line.
        long timed = attribute(server, expected, "compress", "TimedCalls")
                + attribute(server, decompressEngine, "decompress", "TimedCalls");
        long cpu = attribute(server, expected, "compress", "CpuNanos")
                + attribute(server, decompressEngine, "decompress", "CpuNanos");
        String line = String.valueOf(server.getAttribute(new ObjectName("dev.deflateaccel:type=Agent"), "CodecCpu"));
        System.out.println("SMOKE timed=" + timed + " cpuNanos=" + cpu + " " + line);
        boolean ok = unexpected == 0 && timed > 0 && cpu > 0 && line.startsWith("codec CPU: ")
                && compress == (long) chunks.size() * EntryPointExercise.COMPRESS_CALLS_PER_CHUNK
                && decompress == (long) chunks.size() * EntryPointExercise.UNCOMPRESS_CALLS_PER_CHUNK;
        System.exit(ok ? 0 : 1);
    }

    /** Throwables our advice threw and Byte Buddy's handler counted; a bug when not 0. */
    private static long unexpected(MBeanServer server, String direction) throws Exception {
        ObjectName name = new ObjectName("dev.deflateaccel:type=EngineStatistics,engine=cassandra,direction=" + direction);
        return (Long) server.getAttribute(name, "FallbacksUnexpectedException");
    }

    private static long operations(MBeanServer server, String engine, String direction) throws Exception {
        return attribute(server, engine, direction, "Operations");
    }

    private static long attribute(MBeanServer server, String engine, String direction, String attribute) throws Exception {
        ObjectName name = new ObjectName("dev.deflateaccel:type=EngineStatistics,engine=" + engine
                + ",direction=" + direction);
        return (Long) server.getAttribute(name, attribute);
    }
}
