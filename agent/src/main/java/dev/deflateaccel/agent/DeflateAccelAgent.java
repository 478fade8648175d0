package dev.deflateaccel.agent;

import java.lang.instrument.Instrumentation;

/**
 * The -javaagent entry point (Premain-Class and Agent-Class), on the system class path. Does
 * almost nothing on purpose: it creates the agent's own class loader ({@link AgentClassLoader})
 * and calls {@link AgentStart} in it, behind one catch that prints a single line to stderr, so
 * that whatever goes wrong leaves Cassandra starting with its stock DeflateCompressor. Class
 * file 52, like every class of the jar, so that Java 8 loads it rather than abort the JVM.
 */
public final class DeflateAccelAgent {
    private static final String START = "dev.deflateaccel.agent.AgentStart";
    private static final Class<?>[] ENTRY = {String.class, Instrumentation.class};
    private static final String RESULT_PROPERTY = "dev.deflateaccel.agent.result";

    private DeflateAccelAgent() {
    }

    public static void premain(String args, Instrumentation inst) {
        try {
            nodeJnaFirst();
            AgentClassLoader.call(START, "premain", ENTRY, args, inst);
        } catch (Throwable t) {
            System.err.println("[deflate-accel] ERROR agent failed to start (" + t
                    + "); Cassandra's DeflateCompressor stays stock");
        }
    }

    /** {@code attach}, and the live commands ({@code command=reload|detach|status}) on a running agent. */
    public static void agentmain(String args, Instrumentation inst) {
        try {
            nodeJnaFirst();
            AgentClassLoader.call(START, "agentmain", ENTRY, args, inst);
        } catch (Throwable t) {
            // What the command-line tool that attached reads back: LiveAgent.RESULT_PROPERTY, spelt
            // out because LiveAgent is in the agent's loader, out of this class's reach.
            System.setProperty(RESULT_PROPERTY, "FAILED: " + t);
            System.err.println("[deflate-accel] ERROR agent failed to start (" + t
                    + "); Cassandra's DeflateCompressor stays stock");
        }
    }

    /**
     * From Java 24 the JDK warns about the first call of a restricted method such as
     * {@code System::load} from code outside a named module: one warning for all of them, naming
     * the caller's jar. In a node started with the agent that first caller would be the agent's
     * own JNA, loading its engines before Cassandra's main runs, and the warning would blame
     * deflate-accel for what the node's JNA (lib/jna-*.jar) draws a moment later anyway.
     * Initialising the node's JNA first, on the system class path where the agent's own copy is
     * out of sight, keeps the one warning on the jar it has always named. Cassandra initialises the
     * same class itself at start, so only the moment changes. Where that fails, Cassandra's start
     * meets the failure again and reports JNA unavailable as it would without the agent. Older
     * Javas print no such warning and are left alone.
     */
    private static void nodeJnaFirst() {
        try {
            String version = System.getProperty("java.specification.version", "");
            if (!version.startsWith("1.") && Integer.parseInt(version.replaceAll("\\D.*", "")) >= 24) {
                Class.forName("com.sun.jna.Native", true, ClassLoader.getSystemClassLoader());
            }
        } catch (Throwable noJnaOrItsOwnFailure) {
            // No JNA on the class path, or it cannot load: the node's start says so itself.
        }
    }
}
