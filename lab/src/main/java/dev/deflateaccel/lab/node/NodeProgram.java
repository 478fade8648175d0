package dev.deflateaccel.lab.node;

import java.nio.file.Path;
import java.util.function.BiPredicate;
import java.util.function.Function;
import java.util.function.Predicate;

import dev.deflateaccel.harness.NodeLayout;
import dev.deflateaccel.harness.ProcessReaper;

/**
 * What every node program's main does around its work, so that they agree on it: options parsed
 * (a bad one, or --help, prints the usage, exit code 2); the nodes removed on exit, Ctrl-C included,
 * unless the options keep them; exit code 0 when the work went clean, 1 when not or when it failed.
 */
final class NodeProgram {

    private NodeProgram() {
    }

    static <O> void main(String[] args, String name, Function<String[], O> parse, String usage,
                         Predicate<O> keepNodes, BiPredicate<O, Path> work) {
        O options;
        try {
            options = parse.apply(args);
        } catch (IllegalArgumentException e) {
            if (!e.getMessage().isEmpty()) {
                System.err.println(e.getMessage());
            }
            System.err.println(usage);
            System.exit(2);
            return;
        }
        // The reports' charts are drawn without a display.
        System.setProperty("java.awt.headless", "true");
        Path nodesDir = NodeLayout.nodesDir();
        if (!keepNodes.test(options)) {
            ProcessReaper.removeNodesOnExit(nodesDir, name);
        }
        try {
            System.exit(work.test(options, nodesDir) ? 0 : 1);
        } catch (RuntimeException | AssertionError e) {
            System.err.println(name + " failed: " + e);
            e.printStackTrace();
            System.exit(1);
        }
    }
}
