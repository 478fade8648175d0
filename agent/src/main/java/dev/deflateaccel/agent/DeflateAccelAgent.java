package dev.deflateaccel.agent;

import java.lang.instrument.Instrumentation;

/**
 * The -javaagent entry point. Does almost nothing here on purpose: whatever goes wrong in the
 * agent must leave Cassandra starting with its stock DeflateCompressor, so everything runs
 * behind one catch that prints a single line to stderr.
 */
public final class DeflateAccelAgent {
    private DeflateAccelAgent() {
    }

    public static void premain(String args, Instrumentation inst) {
        start(args, inst);
    }

    /** For attaching to a running JVM; DeflateCompressor is then retransformed. */
    public static void agentmain(String args, Instrumentation inst) {
        start(args, inst);
    }

    /**
     * Set JVM-wide by the first load. A second -javaagent line (or an attach to a JVM that already
     * has the agent) would weave the advice a second time and route every declined call, and
     * count every call, twice; it is a no-op instead. A system property rather than a static
     * field, so that it also holds for a second copy of the jar loaded by another class loader.
     */
    static final String LOADED_PROPERTY = "dev.deflateaccel.agent.loaded";

    private static void start(String args, Instrumentation inst) {
        String first = (String) System.getProperties().putIfAbsent(LOADED_PROPERTY, String.valueOf(args));
        if (first != null) {
            System.err.println("[deflate-accel] WARN the agent is already loaded in this JVM (with '" + first
                    + "'); this second load (with '" + args + "') does nothing");
            return;
        }
        try {
            AgentInstaller.install(AgentArguments.parse(args), inst);
        } catch (Throwable t) {
            System.err.println("[deflate-accel] ERROR agent failed to start (" + t
                    + "); Cassandra's DeflateCompressor stays stock");
        }
    }
}
