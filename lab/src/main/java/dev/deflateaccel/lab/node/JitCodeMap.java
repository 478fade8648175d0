package dev.deflateaccel.lab.node;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * Asks a node's JVM to write its JIT code map, /tmp/perf-PID.map (JDK 17's {@code jcmd PID
 * Compiler.perfmap}), so that perf report names JIT-compiled Java by method instead of booking it
 * all to one "[JIT] tid" object. Without the map (an older JDK, or jcmd missing) perf's symbols
 * stay addresses; nothing else depends on it, so a failure is only said.
 */
final class JitCodeMap {

    private JitCodeMap() {
    }

    static void write(long pid) {
        try {
            Process p = new ProcessBuilder("jcmd", Long.toString(pid), "Compiler.perfmap").redirectErrorStream(true)
                    .start();
            String out = new String(p.getInputStream().readAllBytes()).trim();
            if (!p.waitFor(1, TimeUnit.MINUTES) || p.exitValue() != 0 || out.contains("Unknown diagnostic command")) {
                Progress.say("  no JIT code map for perf (jcmd %d Compiler.perfmap: %s)", pid, out);
            }
        } catch (IOException e) {
            Progress.say("  no JIT code map for perf: %s", e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
