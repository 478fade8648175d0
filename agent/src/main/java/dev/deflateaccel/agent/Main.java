package dev.deflateaccel.agent;

/** {@code java -jar deflate-accel-agent.jar doctor [config=PATH]}. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        if (args.length == 1 && args[0].equals("--version")) {
            System.out.println("deflate-accel " + AgentVersion.get());
            return;
        }
        if (args.length == 0 || !args[0].equals("doctor")) {
            System.err.println("usage: java -jar deflate-accel-agent.jar doctor [config=PATH] | --version");
            System.err.println("  as an agent: -javaagent:/path/deflate-accel-agent.jar=config=/etc/zlib-accel.conf");
            System.exit(2);
        }
        AgentArguments parsed = AgentArguments.parse(args.length > 1 ? args[1] : null);
        if (parsed.problem() != null) {
            System.err.println(parsed.problem());
            System.exit(2);
        }
        System.exit(new Doctor(System.out).run(parsed.configPath()));
    }
}
