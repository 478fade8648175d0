package dev.deflateaccel.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** {@code java -jar deflate-accel-agent.jar <command> ...} as an operator runs it on the node's host. */
public final class AgentCli {

    public static final class Result {
        public final int exitCode;
        public final String output;

        public Result(int exitCode, String output) {
            this.exitCode = exitCode;
            this.output = output;
        }

        public Result ok() {
            if (exitCode != 0) {
                throw new AssertionError("agent command failed (exit " + exitCode + "):\n" + output);
            }
            return this;
        }

        @Override
        public String toString() {
            return "exit " + exitCode + ":\n" + output;
        }
    }

    private AgentCli() {
    }

    public static Result run(String... args) {
        return runOn(JavaRuntime.current(), args);
    }

    /** The same command run by {@code java}'s launcher, e.g. a Java 8 JRE's, which has no Attach API. */
    public static Result runOn(JavaRuntime java, String... args) {
        return runOn(java, List.of(), args);
    }

    /** With JVM options before {@code -jar}, e.g. a -D the command reads. */
    public static Result runOn(JavaRuntime java, List<String> jvmOptions, String... args) {
        List<String> command = new ArrayList<>();
        command.add(java.javaExecutable());
        command.addAll(jvmOptions);
        command.add("-jar");
        command.add(AgentJar.locate().toString());
        command.addAll(Arrays.asList(args));
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(2, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new AssertionError("agent command did not finish: " + command);
            }
            return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
