package dev.deflateaccel.bridge.engine;

import static dev.deflateaccel.bridge.Backports.writeString;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;

/**
 * A tiny shared library whose constructor writes a marker file the moment it is loaded, built
 * with gcc: the marker's absence proves a refused library's code never ran in the JVM.
 */
public final class MarkerLibrary {
    private final Path library;
    private final Path marker;

    private MarkerLibrary(Path library, Path marker) {
        this.library = library;
        this.marker = marker;
    }

    /** Builds {@code name} in {@code dir}, mode {@code permissions}; its marker is name + ".loaded". */
    public static MarkerLibrary build(Path dir, String name, String permissions) throws IOException, InterruptedException {
        Path library = dir.resolve(name);
        Path marker = dir.resolve(name + ".loaded");
        Path source = dir.resolve(name + ".c");
        writeString(source, "#include <stdio.h>\n"
                + "__attribute__((constructor)) static void loaded(void) {\n"
                + "    FILE *f = fopen(MARKER, \"w\");\n"
                + "    if (f) { fputs(\"constructor ran\\n\", f); fclose(f); }\n"
                + "}\n"
                + "int marker_probe(void) { return 42; }\n");
        Process gcc = new ProcessBuilder("gcc", "-shared", "-fPIC", "-o", library.toString(),
                "-DMARKER=\"" + marker + "\"", source.toString()).inheritIO().start();
        if (!gcc.waitFor(120, TimeUnit.SECONDS) || gcc.exitValue() != 0) {
            throw new IOException("gcc failed to build " + library);
        }
        Files.setPosixFilePermissions(library, PosixFilePermissions.fromString(permissions));
        return new MarkerLibrary(library, marker);
    }

    public Path library() {
        return library;
    }

    public boolean constructorRan() {
        return Files.exists(marker);
    }

    /** Direct-mapped like the real engines' natives; bound only by the control case. */
    static final class Natives {
        static native int marker_probe();

        private Natives() {
        }
    }
}
