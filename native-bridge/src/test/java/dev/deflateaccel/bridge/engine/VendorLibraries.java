package dev.deflateaccel.bridge.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Intel's real QATzip (with qatlib) and QPL, as built for Debian 12 x86-64 in
 * {@code ../shared/vendor} (its README says how), and the headers of every release the engines
 * are checked against. A user's clone has no {@code ../shared}: the tests that need it then say,
 * at the start and the end of the build, that they did not run.
 *
 * <p>The libraries are copied into the module's {@code target/vendor-lib} before use: the folder
 * stores each symbolic link as a small text file holding the target's name, which the dynamic
 * loader cannot follow, so the links are made again there.
 */
public final class VendorLibraries {
    /** The one line a build without {@code ../shared/vendor} prints about these tests. */
    public static final String NOT_RUN = "Intel QATzip/QPL tests did not run: no vendor libraries at "
            + dir() + " (they need the checkout next to ../shared)";

    private static final String PREBUILT = "prebuilt/debian12-x86_64";

    private VendorLibraries() {
    }

    public static Path dir() {
        return Paths.get(System.getProperty("deflateaccel.vendor", "../shared/vendor")).toAbsolutePath().normalize();
    }

    /** Whether the vendor libraries and headers are here, and this JVM can load x86-64 libraries. */
    public static boolean present() {
        return Files.isDirectory(dir().resolve(PREBUILT).resolve("lib")) && Files.isDirectory(dir().resolve("headers"))
                && "amd64".equals(System.getProperty("os.arch"));
    }

    /**
     * For the tests on the libraries' software paths: skips them (saying why) where the libraries
     * are absent (neither here nor named by a library-matrix execution), and fails them if they run outside the execution that turns those paths on.
     */
    static void assumeSoftwarePathRun(String library) {
        org.junit.jupiter.api.Assumptions.assumeTrue(LibrariesUnderTest.runs(library), NOT_RUN);
        if (!VendorSoftwarePaths.enabled()) {
            throw new AssertionError("runs in the vendor-software-paths execution (-D" + VendorSoftwarePaths.PROPERTY + "=true)");
        }
    }

    /** A released version's public headers: {@code headers("qpl", "1.5.0")}. */
    static Path headers(String library, String version) {
        return dir().resolve("headers").resolve(library + "-" + version);
    }

    /** The versions whose headers are here, for that library, oldest first. */
    static List<String> headerVersions(String library) {
        try (Stream<Path> s = Files.list(dir().resolve("headers"))) {
            return s.map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith(library + "-"))
                    .map(n -> n.substring(library.length() + 1))
                    .sorted()
                    .collect(Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Absolute path of the real {@code libqatzip.so.3}, with {@code libqat.so.4} and {@code libusdm.so.0} beside it. */
    public static String qatzip() {
        return staged().resolve("libqatzip.so.3").toString();
    }

    /** Absolute path of the real {@code libqpl.so.1}. */
    public static String qpl() {
        return staged().resolve("libqpl.so.1").toString();
    }

    /** The staged folder, once copied; every later call in this JVM reuses it. */
    private static Path staged;

    private static synchronized Path staged() {
        if (staged != null) {
            return staged;
        }
        if (!present()) {
            throw new IllegalStateException(NOT_RUN);
        }
        Path source = dir().resolve(PREBUILT).resolve("lib");
        // One copy per module (forked children run elsewhere and are handed the property).
        Path target = Paths.get(System.getProperty("deflateaccel.vendorStage", "target/vendor-lib")).toAbsolutePath();
        try {
            Files.createDirectories(target);
            try (Stream<Path> files = Files.list(source)) {
                for (Path f : (Iterable<Path>) files::iterator) {
                    stage(f, target.resolve(f.getFileName().toString()));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot stage the vendor libraries into " + target, e);
        }
        staged = target;
        return target;
    }

    private static void stage(Path source, Path target) throws IOException {
        if (Files.exists(target, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        byte[] head = Files.readAllBytes(source);
        boolean elf = head.length > 4 && head[0] == 0x7f && head[1] == 'E' && head[2] == 'L' && head[3] == 'F';
        if (elf || Files.isSymbolicLink(source)) {
            Files.copy(source, target);
            // Loaded by path: FileTrust refuses group- or world-writable files.
            Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwxr-xr-x"));
        } else {
            String linkTarget = new String(head, StandardCharsets.US_ASCII).trim();
            Files.createSymbolicLink(target, Paths.get(linkTarget));
        }
    }
}
