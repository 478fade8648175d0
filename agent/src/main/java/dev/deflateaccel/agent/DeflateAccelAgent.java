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

    private static void start(String args, Instrumentation inst) {
        try {
            AgentInstaller.install(AgentArguments.parse(args), inst);
        } catch (Throwable t) {
            System.err.println("[deflate-accel] ERROR agent failed to start (" + t
                    + "); Cassandra's DeflateCompressor stays stock");
        }
    }
}
