package dev.deflateaccel.lab.tools;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * The command line of a measuring child JVM. The agent is a property of a whole JVM, as in a
 * Cassandra node, so every configuration (stock, or the agent routed to one engine at one level)
 * gets its own child. The child runs the runner's own class path (the bench jar, whose manifest
 * pulls in lib/), which holds no bridge class: a child sees the bridge only through -javaagent.
 */
public final class ChildJvm {
    /** A fixed heap, as the chunk benchmark's JMH forks have, and never the runner's own flags. */
    private static final List<String> HEAP = List.of("-Xms512m", "-Xmx512m");

    private ChildJvm() {
    }

    /**
     * @param agentJar   null for a stock JVM
     * @param agentConfig the agent's config file text (written to {@code workDir}); ignored without agent
     */
    public static List<String> command(Path agentJar, String agentConfig, Path workDir, String configName,
                                       Class<?> mainClass, List<String> args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(HEAP);
        if (agentJar != null) {
            Path config = configPath(workDir, configName);
            Files.createDirectories(workDir);
            Files.write(config, agentConfig.getBytes(StandardCharsets.UTF_8));
            command.add("-javaagent:" + agentJar + "=config=" + config);
        }
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(mainClass.getName());
        command.addAll(args);
        return command;
    }

    /** Where {@link #command} writes the agent config of {@code configName}. */
    public static Path configPath(Path workDir, String configName) {
        return workDir.resolve(configName + ".conf");
    }

    /**
     * Null when {@code agentJar} is a usable -javaagent jar, else why not; checked up front so a
     * missing build fails with one clear line instead of inside every child.
     */
    public static String agentJarProblem(Path agentJar) {
        if (agentJar == null || !Files.isRegularFile(agentJar)) {
            return "agent jar not built: " + agentJar + " (mvn -o -q -pl agent -am package -DskipTests)";
        }
        try (JarFile jar = new JarFile(agentJar.toFile())) {
            Manifest manifest = jar.getManifest();
            if (manifest == null || manifest.getMainAttributes().getValue("Premain-Class") == null) {
                return "agent jar " + agentJar + " has no Premain-Class: not a -javaagent jar";
            }
            return null;
        } catch (IOException e) {
            return "cannot read agent jar " + agentJar + ": " + e;
        }
    }

    /** Size and modification time, so a stale jar is visible in a report. */
    public static String describeJar(Path jar) {
        if (!Files.isRegularFile(jar)) {
            return jar + " (NOT BUILT)";
        }
        try {
            return jar + " (" + Files.size(jar) + " bytes, built " + Files.getLastModifiedTime(jar) + ")";
        } catch (IOException e) {
            return jar + " (" + e.getMessage() + ")";
        }
    }
}
