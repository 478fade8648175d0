package dev.deflateaccel.harness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The native engines the agent loads: libdeflate (Debian libdeflate0) and ISA-L (libisal2).
 * Without them an "accelerated" node would silently fall back to Cassandra's own code and the
 * scenarios would prove nothing, so their absence fails the run.
 */
final class NativeLibraries {

    static final List<String> REQUIRED = List.of("libdeflate.so.0", "libisal.so.2");
    private static final List<Path> LIBRARY_DIRS = List.of(
            Path.of("/usr/lib/x86_64-linux-gnu"), Path.of("/usr/lib/aarch64-linux-gnu"),
            Path.of("/usr/lib64"), Path.of("/usr/lib"), Path.of("/usr/local/lib"), Path.of("/lib/x86_64-linux-gnu"));

    private NativeLibraries() {
    }

    static void requireInstalled() {
        List<String> missing = new ArrayList<>();
        for (String library : REQUIRED) {
            if (!installed(library)) {
                missing.add(library);
            }
        }
        if (!missing.isEmpty()) {
            throw new IllegalStateException("native libraries missing: " + missing
                    + " - install them with `apt-get install libdeflate0 libisal2`");
        }
    }

    private static boolean installed(String library) {
        for (Path dir : LIBRARY_DIRS) {
            if (Files.exists(dir.resolve(library))) {
                return true;
            }
        }
        return ldconfigKnows(library);
    }

    private static boolean ldconfigKnows(String library) {
        for (String ldconfig : List.of("/sbin/ldconfig", "/usr/sbin/ldconfig", "ldconfig")) {
            try {
                Process process = new ProcessBuilder(ldconfig, "-p").redirectErrorStream(true).start();
                String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                process.waitFor(10, TimeUnit.SECONDS);
                return out.contains(library + " ");
            } catch (IOException e) {
                // try the next location of ldconfig
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return false;
    }
}
