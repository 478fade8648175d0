package dev.deflateaccel.agent;

import static dev.deflateaccel.bridge.Backports.readAllBytes;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A private root of Debian's arm64 packages, run by {@code qemu-aarch64-static -L <root>}: the
 * JDK 17, libdeflate and ISA-L a Debian 12 Arm server would install. The packages are fetched with
 * {@code apt-get download} (the host needs {@code dpkg --add-architecture arm64} and
 * {@code apt-get update} once, which {@code .ci/run} does) into a cache outside {@code target/},
 * and unpacked with {@code dpkg-deb -x} into {@code target/aarch64-root}. They are never installed:
 * installing arm64 {@code libisal2} would remove the host's amd64 one.
 */
final class Aarch64Root {
    static final String QEMU = "qemu-aarch64-static";
    /** The JVM needs libc, libgcc, libstdc++ and zlib besides itself; the engines need the last two. */
    static final List<String> PACKAGES = Arrays.asList("openjdk-17-jre-headless", "libc6", "libgcc-s1", "libstdc++6",
            "zlib1g", "libdeflate0", "libisal2");
    private static final String JAVA = "usr/lib/jvm/java-17-openjdk-arm64/bin/java";

    final Path root;

    private Aarch64Root(Path root) {
        this.root = root;
    }

    /** The qemu binary on PATH, or null. */
    static Path qemu() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            Path p = Paths.get(dir.isEmpty() ? "." : dir, QEMU);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

    /** Fetches what the cache lacks and unpacks it into {@code target/aarch64-root} (once per clean build). */
    static Aarch64Root prepare(Path cache, Path root) throws IOException, InterruptedException {
        Path unpacked = root.resolve(".unpacked");
        if (!Files.exists(unpacked)) {
            Files.createDirectories(cache);
            List<String> missing = new ArrayList<>();
            for (String pkg : PACKAGES) {
                if (cached(cache, pkg) == null) {
                    missing.add(pkg + ":arm64");
                }
            }
            if (!missing.isEmpty()) {
                List<String> cmd = new ArrayList<>(Arrays.asList("apt-get", "download"));
                cmd.addAll(missing);
                String out;
                try {
                    out = exec(cache, cmd);
                } catch (IllegalStateException e) {
                    throw new IllegalStateException("cannot fetch Debian's arm64 packages; the host needs"
                            + " 'dpkg --add-architecture arm64 && apt-get update' once (.ci/run does it): " + e.getMessage(), e);
                }
                for (String pkg : PACKAGES) {
                    if (cached(cache, pkg) == null) {
                        throw new IllegalStateException("apt-get download did not fetch " + pkg + ":arm64 into " + cache
                                + "; the host needs 'dpkg --add-architecture arm64 && apt-get update' once (.ci/run does it)\n"
                                + out);
                    }
                }
            }
            Files.createDirectories(root);
            for (String pkg : PACKAGES) {
                exec(root, Arrays.asList("dpkg-deb", "-x", cached(cache, pkg).toString(), root.toString()));
            }
            Files.write(unpacked, PACKAGES, StandardCharsets.UTF_8);
        }
        return new Aarch64Root(root);
    }

    /**
     * The command that stands for {@code java}: the arm64 JDK under qemu, libraries from the root.
     * C1 only: under emulation C2's compilations cost more than they return in runs this short
     * (the 5,000-case fuzzer child: 47 s with C2, 28 s without, on 2 cores).
     */
    List<String> java() {
        return Arrays.asList(QEMU, "-L", root.toString(), root.resolve(JAVA).toString(), "-XX:TieredStopAtLevel=1");
    }

    /** pkg_VERSION_arm64.deb in the cache, or null. */
    private static Path cached(Path cache, String pkg) throws IOException {
        try (DirectoryStream<Path> s = Files.newDirectoryStream(cache, pkg + "_*_arm64.deb")) {
            for (Path p : s) {
                return p;
            }
        }
        return null;
    }

    private static String exec(Path dir, List<String> cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(readAllBytes(p.getInputStream()), StandardCharsets.UTF_8);
        if (!p.waitFor(5, TimeUnit.MINUTES) || p.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", cmd) + " failed in " + dir + ":\n" + out);
        }
        return out;
    }
}
