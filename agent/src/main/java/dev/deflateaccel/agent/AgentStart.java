package dev.deflateaccel.agent;

import java.lang.instrument.Instrumentation;

/**
 * premain and agentmain inside the agent's own class loader: {@link DeflateAccelAgent}, on the
 * system class path, only creates that loader and calls these. Whatever goes wrong in the agent
 * must leave Cassandra starting with its stock DeflateCompressor, so everything runs behind one
 * catch that prints a single line to stderr. Like every class of the jar it is class file 52, so
 * that Java 8 loads it rather than abort the JVM; a JVM the agent cannot serve
 * ({@link JvmSupport}) gets one line and a stock node.
 */
public final class AgentStart {
    private AgentStart() {
    }

    public static void premain(String args, Instrumentation inst) {
        start(args, inst, false);
    }

    /**
     * For attaching to a running JVM ({@code java -jar deflate-accel-agent.jar attach PID}):
     * DeflateCompressor is then retransformed. {@code command=reload|detach|status} is how the
     * same tool reaches an agent already running there (see {@link LiveAgent}).
     */
    public static void agentmain(String args, Instrumentation inst) {
        if (args != null && args.startsWith(LiveAgent.COMMAND_PREFIX)) {
            try {
                LiveAgent.command(args);
            } catch (Throwable t) {
                System.setProperty(LiveAgent.RESULT_PROPERTY, "FAILED: " + t);
            }
            return;
        }
        start(args, inst, true);
    }

    /**
     * Set JVM-wide by the first load. A second -javaagent line (or an attach to a JVM that already
     * has the agent) would weave the advice a second time and route every declined call, and
     * count every call, twice; it is a no-op instead. A system property rather than a static
     * field, so that it also holds for a second copy of the jar loaded by another class loader.
     * Removed again by a detach, or when the agent did not start, so that an attach can follow.
     */
    static final String LOADED_PROPERTY = "dev.deflateaccel.agent.loaded";

    private static void start(String args, Instrumentation inst, boolean attach) {
        String first = (String) System.getProperties().putIfAbsent(LOADED_PROPERTY, String.valueOf(args));
        if (first != null) {
            if (attach) {
                System.setProperty(LiveAgent.RESULT_PROPERTY, "ALREADY ATTACHED (loaded with '" + first + "')");
            }
            System.err.println("[deflate-accel] WARN the agent is already loaded in this JVM (with '" + first
                    + "'); this second load (with '" + args + "') does nothing");
            return;
        }
        try {
            String refusal = JvmSupport.refusal();
            if (refusal != null) {
                System.getProperties().remove(LOADED_PROPERTY);
                if (attach) {
                    System.setProperty(LiveAgent.RESULT_PROPERTY, "FAILED: " + refusal);
                }
                System.err.println("[deflate-accel] WARN " + refusal);
                return;
            }
            LiveAgent.start(AgentArguments.parse(args), inst, attach);
        } catch (Throwable t) {
            System.getProperties().remove(LOADED_PROPERTY);
            System.err.println("[deflate-accel] ERROR agent failed to start (" + t
                    + "); Cassandra's DeflateCompressor stays stock");
        }
    }
}
