package dev.deflateaccel.lab.tools;

import java.util.List;
import java.util.function.Function;

/**
 * How a lab program that is not a node program starts: --help prints its usage, a bad argument
 * exits 2 with one line naming the problem, before anything runs (node programs do the same
 * through {@code NodeProgram}).
 */
public final class ProgramOptions {
    private ProgramOptions() {
    }

    /** The options, or null after -h or --help; a bad argument exits 2 with the reason. */
    public static <T> T parse(String tag, String[] args, String usage, Function<String[], T> parser) {
        if (List.of(args).contains("--help") || List.of(args).contains("-h")) {
            System.out.println(usage);
            return null;
        }
        try {
            return parser.apply(args);
        } catch (IllegalArgumentException | IllegalStateException e) {
            exitOnUsageProblem(tag, String.valueOf(e.getMessage()));
            return null;
        }
    }

    /** A bad argument or an unusable agent jar: say so and exit 2, before anything runs. */
    public static void exitOnUsageProblem(String tag, String problem) {
        if (problem != null) {
            System.err.println("[" + tag + "] " + problem);
            System.exit(2);
        }
    }
}
