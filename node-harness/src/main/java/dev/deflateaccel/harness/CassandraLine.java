package dev.deflateaccel.harness;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * A Cassandra release line the nodes run: which stock {@code bin/} and {@code conf/} files this
 * module ships for it (resources {@code cassandra-<line>/}) and which system property names
 * the {@code lib/} Maven assembled for it.
 */
public enum CassandraLine {

    /** cassandra-all 5.0.x; lib/ assembled by the cassandra-lib/5.0 module. */
    V5_0("5.0", "deflateaccel.cassandra.lib", "cassandra-lib/5.0/target/cassandra/lib"),
    /** cassandra-all 6.0-alpha2; lib/ assembled by the cassandra-lib/6.0 module. */
    V6_0("6.0", "deflateaccel.cassandra60.lib", "cassandra-lib/6.0/target/cassandra/lib");

    private final String version;
    private final String libProperty;
    private final String mavenLib;

    CassandraLine(String version, String libProperty, String mavenLib) {
        this.version = version;
        this.libProperty = libProperty;
        this.mavenLib = mavenLib;
    }

    /** "5.0" or "6.0", as {@code --cassandra} takes it. */
    public static CassandraLine of(String version) {
        return Arrays.stream(values()).filter(l -> l.version.equals(version)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown Cassandra line " + version + "; known: "
                        + Arrays.stream(values()).map(CassandraLine::version).collect(Collectors.joining(", "))));
    }

    public String version() {
        return version;
    }

    /** System property with the absolute path of the lib/ Maven assembled for this line. */
    String libProperty() {
        return libProperty;
    }

    /** Where that lib/ is, relative to the checkout, for error messages. */
    String mavenLib() {
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
