package dev.deflateaccel.agent;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The doctor's "Cassandra:" lines: each {@code jvm*-server.options} of this host's Cassandra (the
 * packages' /etc/cassandra, {@code $CASSANDRA_CONF}, a tarball's {@code $CASSANDRA_HOME/conf}) and
 * whether it has a {@code -javaagent} line for this jar. Only that line loads the agent into a
 * node, so a host where the packages installed the jar but no file names it says so here.
 */
final class CassandraOptionsFiles {
    static final Path PACKAGE_CONF = Paths.get("/etc/cassandra");

    private CassandraOptionsFiles() {
    }

    static List<String> describe(Map<String, String> env, Path packageConf) {
        Set<Path> dirs = new LinkedHashSet<>();
        dirs.add(packageConf);
        if (isSet(env.get("CASSANDRA_CONF"))) {
            dirs.add(Paths.get(env.get("CASSANDRA_CONF")));
        }
        if (isSet(env.get("CASSANDRA_HOME"))) {
            dirs.add(Paths.get(env.get("CASSANDRA_HOME"), "conf"));
        }
        List<String> lines = new ArrayList<>();
        for (Path dir : dirs) {
            for (Path file : optionsFiles(dir)) {
                lines.add("Cassandra: " + file + " (a -javaagent line for deflate-accel-agent.jar: "
                        + (namesAgent(file) ? "yes" : "no") + ")");
            }
        }
        if (lines.isEmpty()) {
            lines.add("Cassandra: none found (no jvm*-server.options in /etc/cassandra, $CASSANDRA_CONF or "
                    + "$CASSANDRA_HOME/conf); the agent loads only through a -javaagent line there");
        }
        return lines;
    }

    private static boolean isSet(String value) {
        return value != null && !value.trim().isEmpty();
    }

    private static List<Path> optionsFiles(Path dir) {
        List<Path> files = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return files;
        }
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, "jvm*-server.options")) {
            for (Path p : s) {
                files.add(p);
            }
        } catch (IOException | RuntimeException e) {
            // an unreadable directory is reported as holding nothing: the doctor never fails on it
        }
        files.sort(null);
        return files;
    }

    private static boolean namesAgent(Path file) {
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.ISO_8859_1)) {
                String t = line.trim();
                if (t.startsWith("-javaagent:") && t.contains("deflate-accel-agent.jar")) {
                    return true;
                }
            }
        } catch (IOException | RuntimeException e) {
            // unreadable: counted as not naming it
        }
        return false;
    }
}
