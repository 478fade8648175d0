package dev.deflateaccel.it.harness;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Where the stock Cassandra comes from: its {@code lib/} (jars) and its stock {@code conf/} files.
 *
 * <p>Either {@code CASSANDRA_HOME} points to an unpacked release, used as is (its lib/ and
 * conf/), or the lib/ that Maven assembled from cassandra-all and its runtime dependencies
 * (system property {@code deflateaccel.cassandra.lib}) is used together with the stock conf
 * files this module ships under {@code src/test/resources/cassandra-conf}.
 */
public final class CassandraDistribution {

    public static final String LIB_PROPERTY = "deflateaccel.cassandra.lib";
    private static final String CONF_RESOURCE_DIR = "/cassandra-conf/";
    /** The conf files a node needs; jvm11/jvm17 variants are picked per JDK at start. */
    public static final List<String> CONF_FILES = List.of(
            "cassandra.yaml", "logback.xml", "logback-tools.xml",
            "jvm-server.options", "jvm11-server.options", "jvm17-server.options",
            "jvm-clients.options", "jvm17-clients.options");
    private static final Pattern JNA_JAR = Pattern.compile("jna-(\\d[\\w.]*)\\.jar");
    private static final Pattern JNA_PLATFORM_JAR = Pattern.compile("jna-platform-(\\d[\\w.]*)\\.jar");

    private final Path lib;
    private final Optional<Path> releaseConf;

    private CassandraDistribution(Path lib, Optional<Path> releaseConf) {
        this.lib = lib;
        this.releaseConf = releaseConf;
    }

    public static CassandraDistribution locate() {
        String home = System.getenv("CASSANDRA_HOME");
        CassandraDistribution distribution;
        if (home != null && !home.isBlank()) {
            Path root = Path.of(home).toAbsolutePath();
            distribution = new CassandraDistribution(root.resolve("lib"), Optional.of(root.resolve("conf")));
        } else {
            String lib = System.getProperty(LIB_PROPERTY);
            if (lib == null || lib.isBlank()) {
                throw new IllegalStateException("No Cassandra: set CASSANDRA_HOME to an unpacked release, or -D"
                        + LIB_PROPERTY + " to the lib/ that `mvn -pl it -am package` assembles in it/target/cassandra/lib");
            }
            distribution = new CassandraDistribution(Path.of(lib).toAbsolutePath(), Optional.empty());
        }
        distribution.check();
        return distribution;
    }

    public Path lib() {
        return lib;
    }

    /** {@code conf:lib/*}, as bin/cassandra and bin/nodetool build it (java expands the wildcard). */
    public String classPath(Path confDir) {
        return confDir + java.io.File.pathSeparator + lib.resolve("*");
    }

    /** cassandra-env.sh starts every node with jamm as a java agent; so do we, next to ours. */
    public Optional<Path> jammJar() {
        return jarsMatching(Pattern.compile("jamm-[\\d.]+\\.jar")).stream().findFirst();
    }

    /** A release tarball carries sigar's native libraries; Maven's lib/ does not. */
    public Optional<Path> sigarNativeDir() {
        Path dir = lib.resolve("sigar-bin");
        return Files.isDirectory(dir) ? Optional.of(dir) : Optional.empty();
    }

    /** Copies the stock conf files into a node's own conf directory (which is then edited). */
    public void copyStockConf(Path targetConfDir) {
        try {
            Files.createDirectories(targetConfDir);
            for (String name : CONF_FILES) {
                Path target = targetConfDir.resolve(name);
                if (releaseConf.isPresent()) {
                    Path source = releaseConf.get().resolve(name);
                    if (Files.exists(source)) {
                        Files.copy(source, target, StandardCopyOption.REPLACE_EXISTING);
                    }
                    continue;
                }
                try (InputStream in = CassandraDistribution.class.getResourceAsStream(CONF_RESOURCE_DIR + name)) {
                    if (in == null) {
                        throw new IllegalStateException("stock conf file missing from the test resources: " + name);
                    }
                    Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
            requireFile(targetConfDir, "cassandra.yaml");
            requireFile(targetConfDir, "jvm-server.options");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy stock conf to " + targetConfDir, e);
        }
    }

    private static void requireFile(Path dir, String name) {
        if (!Files.isRegularFile(dir.resolve(name))) {
            throw new IllegalStateException("stock conf has no " + name + " (copied to " + dir + ")");
        }
    }

    private void check() {
        if (!Files.isDirectory(lib)) {
            throw new IllegalStateException("Cassandra lib/ not found at " + lib
                    + " - run `mvn -pl it -am package` (assembles it/target/cassandra/lib) or set CASSANDRA_HOME");
        }
        boolean hasCassandra = !jarsMatching(Pattern.compile("(cassandra-all|apache-cassandra)-\\d.*\\.jar")).isEmpty();
        if (!hasCassandra) {
            throw new IllegalStateException("no cassandra-all / apache-cassandra jar in " + lib);
        }
        // The parent POM manages JNA to the agent's version; if that ever leaked into lib/ the
        // node would not be stock any more. Cassandra ships jna and jna-platform in lock step.
        Optional<String> jna = versionOf(JNA_JAR);
        Optional<String> jnaPlatform = versionOf(JNA_PLATFORM_JAR);
        if (jna.isPresent() && jnaPlatform.isPresent() && !jna.equals(jnaPlatform)) {
            throw new IllegalStateException("Cassandra lib/ is not stock: jna " + jna.get() + " but jna-platform "
                    + jnaPlatform.get() + " in " + lib);
        }
    }

    private Optional<String> versionOf(Pattern jar) {
        for (Path path : jarsMatching(jar)) {
            Matcher m = jar.matcher(path.getFileName().toString());
            if (m.matches()) {
                return Optional.of(m.group(1));
            }
        }
        return Optional.empty();
    }

    private List<Path> jarsMatching(Pattern pattern) {
        try (Stream<Path> files = Files.list(lib)) {
            return files.filter(p -> pattern.matcher(p.getFileName().toString()).matches())
                    .sorted()
                    .collect(Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + lib, e);
        }
    }
}
