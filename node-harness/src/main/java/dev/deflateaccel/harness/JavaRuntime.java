package dev.deflateaccel.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * The JDK that runs the nodes and nodetool: the one running this harness, so that
 * {@code mvn verify} under JAVA_HOME=jdk11 tests Cassandra on 11 and the default tests it on 17;
 * another JDK or JRE ({@link #at}), for a line that does not run on this one; or, for one node, an
 * aarch64 JDK under qemu ({@link #emulatedAarch64}).
 */
public final class JavaRuntime {

    private final Path home;
    /** Runs under qemu: fine for a node, too slow for every nodetool call. */
    private final boolean emulated;

    private JavaRuntime(Path home, boolean emulated) {
        this.home = home;
        this.emulated = emulated;
    }

    /** The JDK running this harness. */
    public static JavaRuntime current() {
        return new JavaRuntime(Path.of(System.getProperty("java.home")), false);
    }

    /**
     * The JDK or JRE at {@code home} (e.g. the Java 8 or 11 runtime .ci/fetch-jdks.sh unpacks), for
     * a node of a line that does not run on the JDK running this harness; its nodetool runs on it too.
     */
    public static JavaRuntime at(Path home) {
        if (!Files.isExecutable(home.resolve("bin").resolve("java"))) {
            throw new IllegalStateException("no Java runtime at " + home + " (no executable bin/java)");
        }
        return new JavaRuntime(home, false);
    }

    /**
     * A JAVA_HOME for bin/cassandra whose {@code bin/java} runs Debian's arm64 JDK 17 from
     * {@code root} (an unpacked arm64 package root, see the agent's Aarch64Root) under
     * {@code qemu-aarch64-static}: without a binfmt_misc entry for aarch64 (none in this
     * container) the kernel cannot run that binary by itself, so the wrapper names qemu.
     * C1 only: under emulation C2's compilations cost more than they return.
     */
    public static JavaRuntime emulatedAarch64(Path root, Path home) {
        Path javaBinary = root.resolve("usr/lib/jvm/java-17-openjdk-arm64/bin/java");
        if (!Files.isRegularFile(javaBinary)) {
            throw new IllegalStateException(javaBinary + " is missing: run the agent module's Aarch64IT first,"
                    + " which unpacks Debian's arm64 JDK there");
        }
        try {
            Path bin = Files.createDirectories(home.resolve("bin"));
            Path java = bin.resolve("java");
            Files.writeString(java, "#!/bin/sh\nexec qemu-aarch64-static -L '" + root + "' '" + javaBinary
                    + "' -XX:TieredStopAtLevel=1 \"$@\"\n", StandardCharsets.UTF_8);
            Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new JavaRuntime(home, true);
    }

    /** The runtime for the node's nodetool: this one, or for an emulated node the harness's own. */
    JavaRuntime forTools() {
        return emulated ? current() : this;
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
