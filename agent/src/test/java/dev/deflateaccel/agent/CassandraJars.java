package dev.deflateaccel.agent;

import java.util.ArrayList;

import java.io.File;

import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The real cassandra-all jars of every supported line (copied from Maven Central into
 * target/cassandra by the build), each loaded in its own class loader so that every tested version
 * of DeflateCompressor can be tested in one JVM. Which versions are tested comes from the build:
 * all four lines on Java 11 and 17, only 4.0 and 4.1 on Java 8 (5.0 and 6.0 need Java 11 and 17).
 */
final class CassandraJars {
    private CassandraJars() {
    }

    /** Cassandra 3.11's release, which the agent must leave stock (not among the tested versions). */
    static final String CASSANDRA_3_11 = System.getProperty("deflateaccel.cassandra311.version", "3.11.19");

    static Path dir() {
        return Paths.get(System.getProperty("deflateaccel.cassandra.dir", "target/cassandra"));
    }

    /**
     * The tested versions, from the parent pom's {@code cassandra.tested.versions} (passed by
     * surefire and failsafe): the one place they are listed.
     */
    static List<String> versions() {
        return listed("deflateaccel.cassandra.versions");
    }

    /**
     * Every version the build tests, whatever this JVM can load (the same list, passed as well by
     * surefire and failsafe): the releases the README names.
     */
    static List<String> releases() {
        return listed("deflateaccel.cassandra.releases");
    }

    private static List<String> listed(String property) {
        String list = System.getProperty(property);
        if (list == null) {
            throw new IllegalStateException(property + " is not set; run the tests with Maven");
        }
        return Arrays.stream(list.split(",")).map(String::trim).collect(Collectors.toList());
    }

    /** The tested release of a Cassandra line, e.g. "5.0" gives 5.0.9. */
    static String line(String line) {
        return releases().stream().filter(v -> v.startsWith(line + ".") || v.startsWith(line + "-")).findFirst()
                .orElseThrow(() -> new IllegalStateException("no tested release of Cassandra " + line + " in " + releases()));
    }

    /**
     * The version the tests that need just one Cassandra use, and the one the fork suites run
     * first: 5.0's (the reference line) when it is tested, otherwise the newest tested (4.1 on Java 8).
     */
    static String primary() {
        return primaryOf(versions());
    }

    /** {@link #primary()} of a list of versions. */
    static String primaryOf(List<String> versions) {
        return versions.stream().filter(v -> v.startsWith("5.0.") || v.startsWith("5.0-")).findFirst()
                .orElse(versions.get(versions.size() - 1));
    }

    static Path cassandraAll(String version) {
        Path jar = dir().resolve("cassandra-all-" + version + ".jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing; build with Maven (dependency:copy puts it there)");
        }
        return jar;
    }

    /** The JNA version that Cassandra line ships in lib/. */
    static String jnaVersionOf(String cassandraVersion) {
        if (cassandraVersion.startsWith("4.0")) {
            return "5.6.0";
        }
        if (cassandraVersion.startsWith("4.1")) {
            return "5.9.0";
        }
        return "5.13.0"; // 5.0 and 6.0-alpha2
    }

    static Path jna(String version) {
        return dir().resolve("jna-" + version + ".jar");
    }

    /**
     * A child JVM's class path as a node's, with nothing of the agent: cassandra-all
     * {@code version}, JNA {@code jnaVersion}, what DeflateCompressor needs (guava, netty) and
     * this module's test classes (the mains the children run).
     */
    static String nodeClassPath(String version, String jnaVersion) {
        List<String> cp = new ArrayList<>();
        cp.add(cassandraAll(version).toString());
        cp.add(jna(jnaVersion).toString());
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            String file = Paths.get(entry).getFileName().toString();
            if (file.startsWith("guava-") || file.startsWith("failureaccess-") || file.startsWith("netty-common-")
                    || entry.replace('\\', '/').endsWith("agent/target/test-classes")) {
                cp.add(entry);
            }
        }
        return String.join(File.pathSeparator, cp);
    }

    /** A loader for cassandra-all; guava and netty (which DeflateCompressor needs) come from the parent. */
    static URLClassLoader loader(String version) {
        try {
            return new URLClassLoader(new URL[] {cassandraAll(version).toUri().toURL()},
                    CassandraJars.class.getClassLoader());
        } catch (MalformedURLException e) {
            throw new IllegalStateException(e);
        }
    }
}
