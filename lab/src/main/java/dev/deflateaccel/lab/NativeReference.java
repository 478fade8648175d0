package dev.deflateaccel.lab;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * The C reference (src/main/c/native_ref.c, shipped in the jar as native-ref/native_ref.c):
 * compiled here with gcc against the system libdeflate and ISA-L, then served the very chunks the
 * Java side benchmarks (written to a file), measuring on command in the lab's child protocol.
 */
public final class NativeReference {
    private static final String SOURCE_RESOURCE = "/native-ref/native_ref.c";

    private final Path executable;

    private NativeReference(Path executable) {
        this.executable = executable;
    }

    /** Compiles the reference into {@code workDir}; throws with gcc's output if that fails. */
    public static NativeReference compile(Path workDir) throws IOException, InterruptedException {
        Files.createDirectories(workDir);
        Path source = workDir.resolve("native_ref.c");
        try (InputStream in = NativeReference.class.getResourceAsStream(SOURCE_RESOURCE)) {
            if (in == null) {
                throw new IOException("resource " + SOURCE_RESOURCE + " missing from the bench jar");
            }
            Files.copy(in, source, StandardCopyOption.REPLACE_EXISTING);
        }
        Path executable = workDir.resolve("native_ref");
        String cc = System.getenv().getOrDefault("CC", "gcc");
        List<String> command = List.of(cc, "-O2", "-o", executable.toString(), source.toString(),
                "-ldeflate", "-lisal");
        ChildProcess out = ChildProcess.run(command, 120);
        if (out.exitCode != 0) {
            throw new IOException("compiling the C reference failed (" + String.join(" ", command) + "):\n"
                    + out.text + "\n(needs gcc, libdeflate-dev and libisal-dev)");
        }
        return new NativeReference(executable);
    }

    /**
     * The command of the reference's serve mode (see native_ref.c): it measures on command, so a
     * runner can interleave it with a JVM repetition by repetition.
     */
    public List<String> serveCommand(Path dataFile, int chunkBytes, int compressCapacity, int libdeflateLevel,
                                     int igzipLevel) {
        return List.of(executable.toString(), "--serve", dataFile.toString(), Integer.toString(chunkBytes),
                Integer.toString(compressCapacity), Integer.toString(libdeflateLevel), Integer.toString(igzipLevel));
    }

}
