package dev.deflateaccel.it.harness;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The JDK that runs the nodes and nodetool: the one running this harness, so that
 * {@code mvn verify} under JAVA_HOME=jdk11 tests Cassandra on 11 and the default tests it on 17.
 */
final class JavaRuntime {

    private final Path home;
    private final int feature;

    private JavaRuntime(Path home, int feature) {
        this.home = home;
        this.feature = feature;
    }

    static JavaRuntime current() {
        return new JavaRuntime(Path.of(System.getProperty("java.home")), Runtime.version().feature());
    }

    String javaExecutable() {
        return home.resolve("bin").resolve("java").toString();
    }

    /** 11 or 17: the suffix of the {@code jvmNN-server.options} file bin/cassandra picks. */
    int optionsVariant() {
        return feature >= 17 ? 17 : 11;
    }

    /** cassandra.in.sh adds some jdk.compiler/jdk.attach exports only when javac is present. */
    boolean isFullJdk() {
        return Files.isExecutable(home.resolve("bin").resolve("javac"));
    }

    /** jstack for thread dumps of a node that does not come up; absent on a bare JRE. */
    Path jstack() {
        return home.resolve("bin").resolve("jstack");
    }
}
