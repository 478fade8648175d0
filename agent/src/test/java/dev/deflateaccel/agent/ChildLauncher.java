package dev.deflateaccel.agent;

import static dev.deflateaccel.bridge.Backports.javaFeature;

import java.io.File;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How a forked child JVM is started: the command that stands for {@code java} (this JVM's own, or
 * an aarch64 JDK under {@code qemu-aarch64-static}), the class path, system properties that
 * override the parent's {@code deflateaccel.*} ones, and a label that keeps each launcher's
 * reports apart under {@code target/issue8-forks/}.
 */
final class ChildLauncher {
    final List<String> java;
    final String classPath;
    final Map<String, String> overrides;
    final String label;
    /** The child's Java feature version (the JVM options depend on it). */
    final int feature;

    ChildLauncher(List<String> java, String classPath, Map<String, String> overrides, String label, int feature) {
        this.java = Collections.unmodifiableList(new ArrayList<>(java));
        this.classPath = classPath;
        this.overrides = Collections.unmodifiableMap(new LinkedHashMap<>(overrides));
        this.label = label;
        this.feature = feature;
    }

    /**
     * This JVM's java and class path, as the fork tests have always run. A library-matrix
     * execution names its reports' folder apart ({@code -Ddeflateaccel.forks.label}), so that
     * they do not overwrite the default execution's on the same JDK.
     */
    static ChildLauncher host() {
        int feature = javaFeature();
        String suffix = System.getProperty("deflateaccel.forks.label", "");
        return new ChildLauncher(Arrays.asList(Paths.get(System.getProperty("java.home"), "bin", "java").toString()),
                System.getProperty("java.class.path"), Collections.emptyMap(),
                "jdk" + feature + (suffix.isEmpty() ? "" : "-" + suffix), feature);
    }

    /** Where this launcher's fork tests keep their children and reports (the jdk25 profile runs them again). */
    Path outputDir() {
        return Paths.get("target", "issue8-forks", label).toAbsolutePath();
    }

    /**
     * The test class path with the agent's own classes and its dependencies (Byte Buddy, JNA,
     * the bridge) replaced by the shaded jar: what runs is what ships, the bundled JNA's native
     * dispatch library for the child's architecture included. Kept: the test classes, the
     * byte-buddy-agent jar the harness weaves with, and what DeflateCompressor needs (guava, netty).
     */
    static String shadedJarClassPath(Path agentJar) {
        List<String> cp = new ArrayList<>();
        cp.add(agentJar.toAbsolutePath().toString());
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            String path = entry.replace('\\', '/');
            String file = Paths.get(entry).getFileName().toString();
            if (file.startsWith("guava-") || file.startsWith("failureaccess-") || file.startsWith("netty-common-")
                    || file.startsWith("byte-buddy-agent-")
                    || path.endsWith("agent/target/test-classes") || path.endsWith("native-bridge/target/test-classes")
                    || (file.startsWith("deflate-accel-native-bridge-") && file.endsWith("-tests.jar"))) {
                cp.add(entry);
            }
        }
        return String.join(File.pathSeparator, cp);
    }
}
