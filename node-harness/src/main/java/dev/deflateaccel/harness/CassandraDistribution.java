package dev.deflateaccel.harness;

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
 * Where a stock Cassandra release comes from: its {@code bin/}, {@code conf/} and {@code lib/}.
 *
 * <p>Either {@code CASSANDRA_HOME} points to an unpacked release of the requested line, whose
 * bin/, conf/ and lib/ are used as they are, or the release layout is put together from the stock
 * bin/ and conf/ files this module ships (resources {@code cassandra-<line>/}) and the lib/ Maven
 * assembled from cassandra-all and its runtime dependencies (the system property each
 * {@link CassandraLine} names).
 */
public final class CassandraDistribution {

    /** The 5.0 lib/ (kept under this name for the scripts that pass it). */
    public static final String LIB_PROPERTY = CassandraLine.V5_0.libProperty();
    /** What a release's bin/ needs to start, stop and manage a node. */
    public static final List<String> BIN_FILES = List.of("cassandra", "cassandra.in.sh", "nodetool", "stop-server");
    private static final Pattern CASSANDRA_JAR = Pattern.compile("(?:cassandra-all|apache-cassandra)-(\\d+\\.\\d+)[-.\\w]*\\.jar");
    private static final Pattern JNA_JAR = Pattern.compile("jna-(\\d[\\w.]*)\\.jar");
    private static final Pattern JNA_PLATFORM_JAR = Pattern.compile("jna-platform-(\\d[\\w.]*)\\.jar");

    private final CassandraLine line;
    private final Path lib;
    /** An unpacked release (CASSANDRA_HOME), or empty for this module's stock files. */
    private final Optional<Path> release;

    private CassandraDistribution(CassandraLine line, Path lib, Optional<Path> release) {
        this.line = line;
        this.lib = lib;
        this.release = release;
    }

    /** Cassandra 5.0, the line every scenario runs. */
    public static CassandraDistribution locate() {
        return locate(CassandraLine.V5_0);
    }

    public static CassandraDistribution locate(CassandraLine line) {
        String home = System.getenv("CASSANDRA_HOME");
        if (home != null && !home.isBlank()) {
            Path root = Path.of(home).toAbsolutePath().normalize();
            String version = lineOf(root.resolve("lib"))
                    .orElseThrow(() -> new IllegalStateException("CASSANDRA_HOME=" + root
                            + " is no unpacked release: no apache-cassandra-*.jar in its lib/"));
            CassandraLine releaseLine = CassandraLine.of(version);
            if (releaseLine == line) {
                return checked(new CassandraDistribution(line, root.resolve("lib"), Optional.of(root)));
            }
            // A 5.0 release in CASSANDRA_HOME serves the 5.0 nodes; 6.0 nodes keep Maven's lib/.
        }
        String lib = System.getProperty(line.libProperty());
        if (lib == null || lib.isBlank()) {
            throw new IllegalStateException("No " + line + ": set CASSANDRA_HOME to an unpacked " + line.version()
                    + " release, or -D" + line.libProperty() + " to the lib/ that `mvn -pl cassandra-lib/" + line.version() + " package` assembles in "
                    + line.mavenLib());
        }
        return checked(new CassandraDistribution(line, Path.of(lib).toAbsolutePath().normalize(), Optional.empty()));
    }

    public CassandraLine line() {
        return line;
    }

    /** The jars: what a node's lib/ links to. */
    public Path lib() {
        return lib;
    }

    /** Where bin/ and conf/ are copied from, for logs. */
    public String describe() {
        return line + " - lib/ " + lib + ", bin/ and conf/ "
                + release.map(Path::toString).orElse("stock files in resources " + line.resourceDir());
    }

    /** Copies the stock bin/ scripts into a node's bin/ and makes them executable. */
    public void copyStockBin(Path targetBinDir) {
        copy("bin", BIN_FILES, targetBinDir);
        for (String name : BIN_FILES) {
            if (!targetBinDir.resolve(name).toFile().setExecutable(true, false)) {
                throw new IllegalStateException("cannot make " + targetBinDir.resolve(name) + " executable");
            }
        }
    }

    /** Copies the stock conf/ into a node's own conf/ (which is then edited), plus an empty triggers/. */
    public void copyStockConf(Path targetConfDir) {
        copy("conf", line.confFiles(), targetConfDir);
        try {
            Files.createDirectories(targetConfDir.resolve("triggers"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + targetConfDir.resolve("triggers"), e);
        }
    }

    /**
     * A release's folder is copied whole (a real tarball has a few more files, e.g. conf/hotspot_compiler);
     * from the resources the listed files, each of which must be there.
     */
    private void copy(String folder, List<String> names, Path target) {
        try {
            Files.createDirectories(target);
            if (release.isPresent()) {
                Path source = release.get().resolve(folder);
                try (Stream<Path> files = Files.list(source)) {
                    for (Path file : (Iterable<Path>) files::iterator) {
                        if (Files.isRegularFile(file)) {
                            Files.copy(file, target.resolve(file.getFileName().toString()), StandardCopyOption.REPLACE_EXISTING);
                        }
                    }
                }
            } else {
                for (String name : names) {
                    String resource = line.resourceDir() + folder + "/" + name;
                    try (InputStream in = CassandraDistribution.class.getResourceAsStream(resource)) {
                        if (in == null) {
                            throw new IllegalStateException("stock file missing from the resources: " + resource);
                        }
                        Files.copy(in, target.resolve(name), StandardCopyOption.REPLACE_EXISTING);
                    }
                }
            }
            for (String name : names) {
                if (!Files.isRegularFile(target.resolve(name)) && !optional(name)) {
                    throw new IllegalStateException("stock " + folder + "/ has no " + name + " (copied to " + target + ")");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy stock " + folder + "/ to " + target, e);
        }
    }

    /** Files a release may lack without the node missing them. */
    private static boolean optional(String name) {
        return name.equals("stop-server") || name.startsWith("jvm8-") || name.startsWith("jvm11-")
                || name.equals("commitlog_archiving.properties")
                || name.equals("cassandra-jaas.config");
    }

    private static Optional<String> lineOf(Path lib) {
        if (!Files.isDirectory(lib)) {
            return Optional.empty();
        }
        try (Stream<Path> files = Files.list(lib)) {
            return files.map(p -> CASSANDRA_JAR.matcher(p.getFileName().toString()))
                    .filter(Matcher::matches)
                    .map(m -> m.group(1))
                    .findFirst();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + lib, e);
        }
    }

    private static CassandraDistribution checked(CassandraDistribution distribution) {
        distribution.check();
        return distribution;
    }

    private void check() {
        if (!Files.isDirectory(lib)) {
            throw new IllegalStateException(line + " lib/ not found at " + lib + " - run `mvn -pl cassandra-lib/" + line.version() + " package` (assembles "
                    + line.mavenLib() + ") or set CASSANDRA_HOME");
        }
        Optional<String> version = lineOf(lib);
        if (version.isEmpty() || !version.get().equals(line.version())) {
            throw new IllegalStateException("no " + line + " cassandra-all / apache-cassandra jar in " + lib
                    + version.map(v -> " (found " + v + ")").orElse(""));
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
        try (Stream<Path> files = Files.list(lib)) {
            List<Matcher> matches = files.map(p -> jar.matcher(p.getFileName().toString()))
                    .filter(Matcher::matches)
                    .collect(Collectors.toList());
            return matches.stream().map(m -> m.group(1)).sorted().findFirst();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + lib, e);
        }
    }
}
