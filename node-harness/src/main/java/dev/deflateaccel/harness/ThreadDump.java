package dev.deflateaccel.harness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.concurrent.TimeUnit;

/**
 * Thread dump of a node that will not come up or go down, for the failure message: jstack when
 * the JDK has it, otherwise SIGQUIT, which makes the JVM print the dump to its stdout (the node's
 * stdout.log).
 */
final class ThreadDump {

    private ThreadDump() {
    }

    static String of(Process process, JavaRuntime java) {
        long pid = process.pid();
        if (Files.isExecutable(java.jstack())) {
            try {
                Process jstack = new ProcessBuilder(java.jstack().toString(), "-l", Long.toString(pid))
                        .redirectErrorStream(true).start();
                byte[] out = jstack.getInputStream().readAllBytes();
                if (jstack.waitFor(60, TimeUnit.SECONDS) && jstack.exitValue() == 0) {
                    return new String(out, StandardCharsets.UTF_8);
                }
            } catch (IOException e) {
                // fall through to SIGQUIT
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        try {
            new ProcessBuilder("kill", "-3", Long.toString(pid)).inheritIO().start().waitFor(10, TimeUnit.SECONDS);
            Thread.sleep(2000);
        } catch (IOException e) {
            return "(no thread dump: " + e + ")";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return "(thread dump sent to the node's stdout.log by kill -3)";
    }
}
