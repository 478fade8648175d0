package dev.deflateaccel.agent;

import static dev.deflateaccel.bridge.Backports.javaFeature;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

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
     * the bridge) replaced by the shaded jar's: what runs is what ships, the bundled JNA's native
     * dispatch library for the child's architecture included. The jar keeps those under
     * {@code inst/}, for the agent's own loader alone, and a forked suite calls them directly, so
     * they are unpacked into {@code unpackTo} as that loader defines them ({@code .classdata}
     * back to {@code .class}), byte for byte. Kept: the test classes, the byte-buddy-agent jar
     * the harness weaves with, and what DeflateCompressor needs (guava, netty).
     */
    static String shadedJarClassPath(Path agentJar, Path unpackTo) throws IOException {
        List<String> cp = new ArrayList<>();
        cp.add(unpackInst(agentJar, unpackTo).toString());
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

    private static Path unpackInst(Path agentJar, Path dir) throws IOException {
        Path root = dir.toAbsolutePath();
        try (JarFile jar = new JarFile(agentJar.toFile())) {
            for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements();) {
                JarEntry entry = e.nextElement();
                String name = entry.getName();
                if (!name.startsWith(AgentClassLoader.INST) || entry.isDirectory()) {
                    continue;
                }
                String relative = name.substring(AgentClassLoader.INST.length());
                if (relative.endsWith(AgentClassLoader.CLASS_DATA)) {
                    relative = relative.substring(0, relative.length() - AgentClassLoader.CLASS_DATA.length()) + ".class";
                }
                Path target = root.resolve(relative);
                Files.createDirectories(target.getParent());
                try (InputStream in = jar.getInputStream(entry)) {
                    Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        return root;
    }
}
