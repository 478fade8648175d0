package dev.deflateaccel.harness;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A Cassandra release line the nodes run: which stock {@code bin/} and {@code conf/} files this
 * module ships for it (resources {@code cassandra-<line>/}) and which system property names
 * the {@code lib/} Maven assembled for it.
 */
public enum CassandraLine {

    /** cassandra-all 4.0.x; lib/ assembled by the cassandra-lib/4.0 module; runs on Java 8 and 11. */
    V4_0("4.0", "deflateaccel.cassandra40.lib", "cassandra-lib/4.0/target/cassandra/lib", 8, 11),
    /** cassandra-all 4.1.x; lib/ assembled by the cassandra-lib/4.1 module; runs on Java 8 and 11. */
    V4_1("4.1", "deflateaccel.cassandra41.lib", "cassandra-lib/4.1/target/cassandra/lib", 8, 11),
    /** cassandra-all 5.0.x; lib/ assembled by the cassandra-lib/5.0 module; runs on Java 11 and 17. */
    V5_0("5.0", "deflateaccel.cassandra.lib", "cassandra-lib/5.0/target/cassandra/lib", 11, 17),
    /** cassandra-all 6.0-alpha2; lib/ assembled by the cassandra-lib/6.0 module; its scripts accept Java 11 and 17. */
    V6_0("6.0", "deflateaccel.cassandra60.lib", "cassandra-lib/6.0/target/cassandra/lib", 11, 17);

    /** A release's conf/ files every line ships, besides its jvm&lt;N&gt;-*.options per Java it runs on. */
    private static final List<String> COMMON_CONF_FILES = List.of(
            "cassandra-env.sh", "cassandra-jaas.config", "cassandra-rackdc.properties", "cassandra.yaml",
            "commitlog_archiving.properties", "jvm-clients.options", "jvm-server.options",
            "logback-tools.xml", "logback.xml");

    private final String version;
    private final String libProperty;
    private final String mavenLib;
    private final List<Integer> javaVersions;

    CassandraLine(String version, String libProperty, String mavenLib, Integer... javaVersions) {
        this.version = version;
        this.libProperty = libProperty;
        this.mavenLib = mavenLib;
        this.javaVersions = List.of(javaVersions);
    }

    /** "4.0", "4.1", "5.0" or "6.0", as {@code --cassandra} takes it. */
    public static CassandraLine of(String version) {
        return Arrays.stream(values()).filter(l -> l.version.equals(version)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown Cassandra line " + version + "; known: "
                        + Arrays.stream(values()).map(CassandraLine::version).collect(Collectors.joining(", "))));
    }

    public String version() {
        return version;
    }

    /**
     * The lines whose nodes run on the JDK running the harness (JDK 17 here): what the lab's node
     * programs, which start nodes on that JDK, may be asked for.
     */
    public static List<CassandraLine> onThisJava() {
        int feature = Runtime.version().feature();
        return Arrays.stream(values()).filter(l -> l.javaVersions.contains(feature)).collect(Collectors.toList());
    }

    /** The Java major versions this line's own scripts and Cassandra's documentation support. */
    public List<Integer> javaVersions() {
        return javaVersions;
    }

    /** The conf/ files a release of this line ships: the common ones and a jvm&lt;N&gt; pair per Java. */
    List<String> confFiles() {
        List<String> files = new ArrayList<>(COMMON_CONF_FILES);
        for (int java : javaVersions) {
            files.add("jvm" + java + "-clients.options");
            files.add("jvm" + java + "-server.options");
        }
        return List.copyOf(files);
    }

    /** System property with the absolute path of the lib/ Maven assembled for this line. */
    public String libProperty() {
        return libProperty;
    }

    /** Where that lib/ is, relative to the checkout, for error messages. */
    public String mavenLib() {
        return mavenLib;
    }

    /** Class path folder of the stock bin/ and conf/ files, e.g. {@code /cassandra-5.0/}. */
    String resourceDir() {
        return "/cassandra-" + version + "/";
    }

    @Override
    public String toString() {
        return "Cassandra " + version;
    }
}
