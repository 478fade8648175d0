package dev.deflateaccel.agent;

import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.util.Arrays;

import javax.management.MBeanServer;
import javax.management.ObjectName;

import com.sun.jna.Library;
import com.sun.jna.Native;

import dev.deflateaccel.agent.api.CurrentRoute;

/**
 * Runs in a JVM started with {@code -javaagent:deflate-accel-agent.jar=...} whose class path holds
 * cassandra-all and a JNA other than the agent's (a node's own): stands in for the node, calling
 * the C library through its JNA before and after the woven DeflateCompressor ran on the agent's
 * engines. Prints what it found, one {@code ISOLATION} line each, and exits 0 only if the node's
 * JNA is the class path's and worked, the agent's classes are out of the system class loader's
 * reach, and the engine named in args[0] served every call. Makes its own data: the bridge's
 * test data would put bridge classes on the class path.
 */
public final class ForeignJnaMain {
    private ForeignJnaMain() {
    }

    /** The C library as a node's code calls it through JNA (an interface mapping). */
    public interface CLibrary extends Library {
        int getpid();
    }

    public static void main(String[] args) throws Exception {
        String engine = args[0];
        boolean ok = nodeJnaWorks("before");

        DeflateCompressorCalls c = new DeflateCompressorCalls(ForeignJnaMain.class.getClassLoader());
        byte[] input = new byte[64 * 1024];
        for (int i = 0; i < input.length; i++) {
            input[i] = (byte) ('a' + (i * 31 / 7) % 13);
        }
        int calls = 8;
        for (int i = 0; i < calls / 2; i++) {
            byte[] compressed = new byte[c.initialCompressedBufferLength(input.length)];
            int n = c.compressArray(input, 0, input.length, compressed, 0, compressed.length);
            byte[] back = new byte[input.length];
            ok &= c.uncompress(compressed, 0, n, back, 0, back.length) == input.length && Arrays.equals(input, back);
            ByteBuffer in = ByteBuffer.allocateDirect(input.length);
            in.put(input).flip();
            ByteBuffer out = ByteBuffer.allocateDirect(compressed.length);
            c.compressBuffer(in, out);
            out.flip();
            ByteBuffer again = ByteBuffer.allocateDirect(input.length);
            c.uncompressBuffer(out, again);
            ok &= again.position() == input.length;
        }
        ok &= nodeJnaWorks("after");

        // The woven code's route is the agent's; its JNA is the agent's own, in the agent's loader.
        ClassLoader agentLoader = CurrentRoute.get().getClass().getClassLoader();
        Class<?> agentNative = Class.forName("com.sun.jna.Native", false, agentLoader);
        System.out.println("ISOLATION agent-jna version=" + version(agentNative)
                + " separate=" + (agentNative != Native.class) + " loader=" + agentLoader.getClass().getName());
        ok &= agentNative != Native.class && agentLoader != ClassLoader.getSystemClassLoader();

        for (String hidden : new String[] {"dev.deflateaccel.bridge.DeflateBridge", "dev.deflateaccel.agent.LiveAgent",
                "dev.deflateaccel.agent.CassandraRoute", "dev.deflateaccel.shaded.net.bytebuddy.ByteBuddy"}) {
            boolean visible = visible(hidden);
            System.out.println("ISOLATION system-class-path " + hidden + " visible=" + visible);
            ok &= !visible;
        }

        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        long compressed = operations(server, engine, "compress");
        long decompressed = operations(server, engine, "decompress");
        long unexpected = attribute(server, "cassandra", "compress", "FallbacksUnexpectedException")
                + attribute(server, "cassandra", "decompress", "FallbacksUnexpectedException");
        System.out.println("ISOLATION engine=" + engine + " compress=" + compressed + " decompress=" + decompressed
                + " unexpected=" + unexpected);
        ok &= compressed == calls && decompressed == calls && unexpected == 0;
        System.out.println("ISOLATION " + (ok ? "OK" : "FAILED"));
        System.exit(ok ? 0 : 1);
    }

    /** The node's JNA: its version and jar, and getpid through it matching this JVM's pid. */
    private static boolean nodeJnaWorks(String when) throws ReflectiveOperationException {
        int pid = Native.load("c", CLibrary.class).getpid();
        String jvmPid = ManagementFactory.getRuntimeMXBean().getName().split("@")[0];
        System.out.println("ISOLATION node-jna " + when + " version=" + version(Native.class) + " jar="
                + Native.class.getProtectionDomain().getCodeSource().getLocation() + " getpid=" + pid + " jvm=" + jvmPid);
        return String.valueOf(pid).equals(jvmPid);
    }

    /** Read at run time: javac inlines Native.VERSION, the constant of the JNA this class was compiled with. */
    private static Object version(Class<?> nativeClass) throws ReflectiveOperationException {
        java.lang.reflect.Field version = nativeClass.getField("VERSION");
        version.setAccessible(true); // declared in the package-private interface com.sun.jna.Version
        return version.get(null);
    }

    private static boolean visible(String className) {
        try {
            Class.forName(className, false, ClassLoader.getSystemClassLoader());
            return true;
        } catch (ClassNotFoundException expected) {
            return false;
        }
    }

    private static long operations(MBeanServer server, String engine, String direction) throws Exception {
        return attribute(server, engine, direction, "Operations");
    }

    private static long attribute(MBeanServer server, String engine, String direction, String attribute) throws Exception {
        ObjectName name = new ObjectName("dev.deflateaccel:type=EngineStatistics,engine=" + engine + ",direction=" + direction);
        return (Long) server.getAttribute(name, attribute);
    }
}
