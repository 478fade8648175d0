package dev.deflateaccel.it.harness;

import java.nio.file.Path;

/**
 * The JDK that runs the nodes and nodetool: the one running this harness, so that
 * {@code mvn verify} under JAVA_HOME=jdk11 tests Cassandra on 11 and the default tests it on 17.
 */
final class JavaRuntime {

    private final Path home;

    private JavaRuntime(Path home) {
        this.home = home;
    }

    static JavaRuntime current() {
        return new JavaRuntime(Path.of(System.getProperty("java.home")));
    }

    /** The java launcher, for the agent's own CLI (attach, reload, detach). */
    String javaExecutable() {
        return home.resolve("bin").resolve("java").toString();
    }

    /** JAVA_HOME for the release scripts, which run $JAVA_HOME/bin/java. */
    Path home() {
        return home;
    }

    /** jstack for thread dumps of a node that does not come up; absent on a bare JRE. */
    Path jstack() {
        return home.resolve("bin").resolve("jstack");
    }
}
