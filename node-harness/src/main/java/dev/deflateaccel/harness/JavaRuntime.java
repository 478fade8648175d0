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
 * or, for one node, an aarch64 JDK under qemu ({@link #emulatedAarch64}).
 */
public final class JavaRuntime {

    private final Path home;

    private JavaRuntime(Path home) {
        this.home = home;
    }

    static JavaRuntime current() {
        return new JavaRuntime(Path.of(System.getProperty("java.home")));
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
        return new JavaRuntime(home);
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
