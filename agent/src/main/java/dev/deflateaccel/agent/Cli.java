package dev.deflateaccel.agent;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import dev.deflateaccel.agent.acceptance.AcceptanceRun;
import dev.deflateaccel.agent.acceptance.SpeedBudget;
import dev.deflateaccel.agent.advise.AdviseCommand;

/**
 * {@code java -jar deflate-accel-agent.jar doctor [--acceptance] [config=PATH]}, the live
 * commands ({@link LiveCommands}), {@code advise} ({@link AdviseCommand}) and {@code version}
 * ({@code --version} too, its older spelling). Runs in the agent's own class loader, where
 * {@link Main} calls it.
 */
public final class Cli {
    private Cli() {
    }

    private static final List<String> LIVE = Collections.unmodifiableList(
            Arrays.asList("attach", "detach", "reload", "status"));
    static final String ACCEPTANCE = "--acceptance";

    public static void main(String[] args) {
        if (args.length == 1 && (args[0].equals("version") || args[0].equals("--version"))) {
            System.out.println("deflate-accel " + AgentVersion.get());
            return;
        }
        if (args.length > 0 && LIVE.contains(args[0])) {
            System.exit(new LiveCommands(System.out).run(args[0], Arrays.asList(args).subList(1, args.length)));
        }
        if (args.length > 0 && args[0].equals("advise")) {
            System.exit(new AdviseCommand(System.out, System.err, AgentVersion.get())
                    .run(Arrays.asList(args).subList(1, args.length)));
        }
        List<String> rest = new ArrayList<>(Arrays.asList(args).subList(Math.min(1, args.length), args.length));
        boolean acceptance = rest.remove(ACCEPTANCE);
        // A second argument (a misspelt flag) is refused rather than ignored: an operator who asked
        // for the acceptance must not get the plain doctor's "Result: OK" by mistake.
        if (args.length == 0 || !args[0].equals("doctor") || rest.size() > 1) {
            System.err.println("usage: java -jar deflate-accel-agent.jar doctor [--acceptance] [config=PATH] | version");
            System.err.println(LiveCommands.usage());
            System.err.println(AdviseCommand.USAGE);
            System.err.println("  as an agent: -javaagent:/path/deflate-accel-agent.jar=config=/etc/zlib-accel.conf");
            System.exit(2);
        }
        AgentArguments parsed = AgentArguments.parse(rest.isEmpty() ? null : rest.get(0));
        if (parsed.problem() != null) {
            System.err.println(parsed.problem());
            System.exit(2);
        }
        String speedProblem = SpeedBudget.problem();
        if (speedProblem != null) {
            System.err.println(speedProblem);
            System.exit(2);
        }
        System.exit(acceptance ? new AcceptanceRun(System.out, AgentVersion.get()).run(parsed.configPath())
                : new Doctor(System.out).run(parsed.configPath()));
    }
}
