package dev.deflateaccel.lab;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A finished child process: its exit code and merged stdout/stderr. */
final class ChildProcess {
    final int exitCode;
    final String text;

    private ChildProcess(int exitCode, String text) {
        this.exitCode = exitCode;
        this.text = text;
    }

    static ChildProcess run(List<String> command, int timeoutSeconds) throws IOException, InterruptedException {
        // Output goes to a file rather than a pipe, so a chatty child can never block on a full pipe.
        Path output = Files.createTempFile("deflate-accel-bench-", ".out");
        try {
            Process process = new ProcessBuilder(new ArrayList<>(command))
                    .redirectErrorStream(true)
                    .redirectOutput(output.toFile())
                    .start();
            if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IOException("timed out after " + timeoutSeconds + " s: " + String.join(" ", command));
            }
            return new ChildProcess(process.exitValue(),
                    new String(Files.readAllBytes(output), StandardCharsets.UTF_8).trim());
        } finally {
            Files.deleteIfExists(output);
        }
    }
}
