package dev.deflateaccel.agent;

/**
 * {@code java -jar deflate-accel-agent.jar <command>} (Main-Class), on the system class path:
 * runs {@link Cli} in the agent's own class loader ({@link AgentClassLoader}), where the bridge,
 * JNA and the advisor are.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) throws Throwable {
        AgentClassLoader.call("dev.deflateaccel.agent.Cli", "main", new Class<?>[] {String[].class}, (Object) args);
    }
}
