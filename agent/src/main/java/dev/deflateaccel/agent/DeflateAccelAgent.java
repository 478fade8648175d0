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
            AgentClassLoader.call(START, "premain", ENTRY, args, inst);
        } catch (Throwable t) {
            System.err.println("[deflate-accel] ERROR agent failed to start (" + t
                    + "); Cassandra's DeflateCompressor stays stock");
        }
    }

    /** {@code attach}, and the live commands ({@code command=reload|detach|status}) on a running agent. */
    public static void agentmain(String args, Instrumentation inst) {
        try {
            AgentClassLoader.call(START, "agentmain", ENTRY, args, inst);
        } catch (Throwable t) {
            // What the command-line tool that attached reads back: LiveAgent.RESULT_PROPERTY, spelt
            // out because LiveAgent is in the agent's loader, out of this class's reach.
            System.setProperty(RESULT_PROPERTY, "FAILED: " + t);
            System.err.println("[deflate-accel] ERROR agent failed to start (" + t
                    + "); Cassandra's DeflateCompressor stays stock");
        }
    }
}
