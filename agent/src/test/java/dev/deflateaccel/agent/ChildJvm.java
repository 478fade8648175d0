package dev.deflateaccel.agent;

import static dev.deflateaccel.bridge.Backports.lines;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import dev.deflateaccel.agent.acceptance.SpeedBudget;

/** Runs a fresh JVM as an operator would start one, and keeps its exit status and output. */
final class ChildJvm {
    /**
     * For a doctor whose test checks what it says, not how fast: each speed figure timed for its
     * minimum passes only (SpeedBudget), as the agent module's own JVM has it (agent/pom.xml).
     */
    static final String QUICK_SPEED_FIGURES = "-D" + SpeedBudget.PROPERTY + "=20";

    final int exit;
    /** The command line, then stdout and stderr together. */
    final String output;

    private ChildJvm(int exit, String output) {
        this.exit = exit;
        this.output = output;
    }

    /** Lines the JVM printed as warnings (stdout and stderr together). */
    List<String> warnings() {
        return lines(output).skip(1).filter(l -> l.contains("WARNING")).collect(Collectors.toList());
    }

    /**
     * {@code java} with the options, class path (null for none) and main class or {@code -jar} arguments;
     * its output goes to a file in {@code tmp}. Five minutes at most.
     */
    static ChildJvm run(Path tmp, String java, List<String> jvmOptions, String classPath, String... mainAndArgs)
            throws Exception {
        return run(tmp, java, Collections.emptyMap(), jvmOptions, classPath, mainAndArgs);
    }

    /** The same, with {@code env} added to this JVM's environment (a device emulator's fault switch). */
    static ChildJvm run(Path tmp, String java, Map<String, String> env, List<String> jvmOptions, String classPath,
                        String... mainAndArgs) throws Exception {
        return run(tmp, Arrays.asList(java), env, jvmOptions, classPath, mainAndArgs);
    }

    /** The same with a command that stands for {@code java} (an aarch64 JDK under qemu-aarch64-static). */
    static ChildJvm run(Path tmp, List<String> java, Map<String, String> env, List<String> jvmOptions, String classPath,
                        String... mainAndArgs) throws Exception {
        List<String> cmd = new ArrayList<>(java);
        cmd.addAll(jvmOptions);
        if (classPath != null) {
            cmd.add("-cp");
            cmd.add(classPath);
        }
        cmd.addAll(Arrays.asList(mainAndArgs));
        Path log = Files.createTempFile(tmp, "run", ".log");
        ProcessBuilder builder = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().putAll(env);
        Process p = builder.start();
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("timed out: " + cmd);
        }
        String out = new String(Files.readAllBytes(log), StandardCharsets.UTF_8);
        return new ChildJvm(p.exitValue(), String.join(" ", cmd) + "\n" + out);
    }
}
