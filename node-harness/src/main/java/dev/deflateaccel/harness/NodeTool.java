package dev.deflateaccel.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The node's own {@code bin/nodetool -h 127.0.0.1 -p JMXPORT ...}, run with the node's
 * CASSANDRA_HOME and CASSANDRA_CONF as an operator runs it. Each run's output is kept under the
 * node's logs/ for post-mortems.
 */
public final class NodeTool {

    public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(10);
    private static final AtomicInteger RUNS = new AtomicInteger();

    private final JavaRuntime java;
    private final NodeLayout layout;
    private final int jmxPort;

    public NodeTool(NodeLayout layout, int jmxPort) {
        this(layout, jmxPort, JavaRuntime.current());
    }

    /** nodetool on {@code java}: a 4.x release's nodetool on the Java 8 or 11 its node runs on. */
    NodeTool(NodeLayout layout, int jmxPort, JavaRuntime java) {
        this.layout = layout;
        this.jmxPort = jmxPort;
        this.java = java;
    }

    /** Result of one nodetool run. */
    public static final class Result {
        public final List<String> args;
        public final int exitCode;
        public final String output;

        public Result(List<String> args, int exitCode, String output) {
            this.args = args;
            this.exitCode = exitCode;
            this.output = output;
        }

        @Override
        public String toString() {
            return "nodetool " + String.join(" ", args) + " -> exit " + exitCode + "\n" + output;
        }
    }

    /** Runs nodetool and fails unless it exits 0; returns its output. */
    public String ok(String... args) {
        Result result = run(DEFAULT_TIMEOUT, args);
        if (result.exitCode != 0) {
            throw new AssertionError("nodetool failed: " + result);
        }
        return result.output;
    }

    public Result run(Duration timeout, String... args) {
        Path output = layout.logs().resolve("nodetool-" + RUNS.incrementAndGet() + "-" + args[0] + ".log");
        try {
            Process process = ReleaseScripts.nodetool(layout, java, NodePorts.JMX_HOST, jmxPort, List.of(args))
                    .redirectErrorStream(true)
                    .redirectOutput(output.toFile())
                    .start();
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor();
                throw new AssertionError("nodetool " + String.join(" ", args) + " did not finish within " + timeout
                        + "\n" + Files.readString(output, StandardCharsets.UTF_8));
            }
            return new Result(List.of(args), process.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run nodetool", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running nodetool", e);
        }
    }
}
