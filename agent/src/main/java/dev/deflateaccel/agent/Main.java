package dev.deflateaccel.agent;

import java.util.Arrays;
import java.util.List;

/** {@code java -jar deflate-accel-agent.jar doctor [config=PATH]}, and the live commands ({@link LiveCommands}). */
public final class Main {
    private Main() {
    }

    private static final List<String> LIVE = List.of("attach", "detach", "reload", "status");

    public static void main(String[] args) {
        if (args.length == 1 && args[0].equals("--version")) {
            System.out.println("deflate-accel " + AgentVersion.get());
            return;
        }
        if (args.length > 0 && LIVE.contains(args[0])) {
            System.exit(new LiveCommands(System.out).run(args[0], Arrays.asList(args).subList(1, args.length)));
        }
        if (args.length == 0 || !args[0].equals("doctor")) {
            System.err.println("usage: java -jar deflate-accel-agent.jar doctor [config=PATH] | --version");
            System.err.println(LiveCommands.usage());
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
