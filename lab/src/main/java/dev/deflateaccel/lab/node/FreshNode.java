package dev.deflateaccel.lab.node;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

import com.datastax.oss.driver.api.core.CqlSession;

import dev.deflateaccel.harness.CassandraLine;
import dev.deflateaccel.harness.CassandraNode;
import dev.deflateaccel.harness.EngineStats;
import dev.deflateaccel.harness.Files2;
import dev.deflateaccel.harness.LogFile;
import dev.deflateaccel.harness.NodeSettings;

/**
 * The part of a node run every node program shares (SteadyRun, IngestRun, CodecShareRun,
 * SideBySideRun, ...): a fresh single node named {@code <config>-<repetition>}, started with the
 * configuration's settings on the program's base settings; the run's tables created (or imported); the
 * workload; the engine check against what the program requires; the node stopped and its
 * directory removed (unless kept for a look at its logs), so that no run inherits another's data. A run keeps only its workload and
 * its measurements.
 */
final class FreshNode {

    /** A run's workload on the started node, measuring into the run's result. */
    interface Workload<R> {
        void run(Started node, R result);
    }

    /** The started node as a workload sees it. */
    static final class Started {
        final CassandraNode node;
        final long pid;
        final LogFile log;
        /** The log position right after start: the server log lines of "the whole run" begin here. */
        final LogFile.Mark runMark;
        private final boolean agent;
        private EngineStats enginesBefore;
        private String engineScope = "";

        private Started(CassandraNode node, boolean agent) {
            this.node = node;
            this.pid = node.pid();
            this.log = node.systemLog();
            this.runMark = log.mark();
            this.agent = agent;
        }

        CqlSession session() {
            return node.session();
        }

        /**
         * The engine check counts from here on only, {@code scope} (e.g. "the window") naming that
         * span in its line; by default it counts from the table's creation.
         */
        void countEnginesFrom(String scope) {
            engineScope = " in " + scope;
            countEnginesFromHere();
        }

        private void countEnginesFromHere() {
            // A stock node has no engine MBeans to read; asking would only cost a JMX connection.
            if (agent) {
                enginesBefore = node.engineStats();
            }
        }
    }

    private final Path nodesDir;
    private final CassandraLine line;
    private final NodeSettings base;
    private final NodeEngineCheck.Requires requires;
    /** Where each node records a JFR profile, or null: profiling costs CPU, so such runs' figures do not compare. */
    private final Path jfrDir;
    private final boolean keepNodes;

    FreshNode(Path nodesDir, CassandraLine line, NodeSettings base, NodeEngineCheck.Requires requires, Path jfrDir,
              boolean keepNodes) {
        this.nodesDir = nodesDir;
        this.line = line;
        this.base = base;
        this.requires = requires;
        this.jfrDir = jfrDir;
        this.keepNodes = keepNodes;
        if (jfrDir != null) {
            try {
                Files.createDirectories(jfrDir);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create " + jfrDir, e);
            }
        }
    }

    /**
     * Runs {@code workload} on a fresh node for {@code config}, measuring into {@code result}; the
     * engine check goes into it too ({@link NodeEngineCheck#NONE} without the agent).
     */
    <R extends RunResult> R run(SteadyConfig config, int repetition, R result, Consumer<CassandraNode> createTables,
                                Workload<R> workload) {
        String nodeName = config.name + "-" + repetition;
        try (CassandraNode node = CassandraNode.single(nodeName, nodesDir, "127.0.0.1", line)) {
            NodeSettings settings = config.settings(base);
            node.start(jfrDir == null ? settings
                    : settings.flightRecording(jfrDir.resolve(nodeName + ".jfr")).perfMap());
            Started started = new Started(node, config.engine != null);
            createTables.accept(node);
            started.countEnginesFromHere();
            workload.run(started, result);
            if (config.engine != null) {
                result.engines = NodeEngineCheck.of(config.engine, node.engineStats().since(started.enginesBefore),
                        requires, started.engineScope);
                Progress.say("  agent: %s", result.engines.line);
            }
            node.stop();
        }
        if (!keepNodes) {
            Files2.deleteRecursively(nodesDir.resolve(nodeName));
        }
        return result;
    }
}
