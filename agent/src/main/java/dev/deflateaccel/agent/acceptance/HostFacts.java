package dev.deflateaccel.agent.acceptance;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

/** What a ticket needs to know about the machine the verdict was reached on. */
final class HostFacts {
    private HostFacts() {
    }

    /** The CPU model as /proc/cpuinfo names it, and the CPU count the JVM sees. */
    static String cpu() {
        return cpuModel(Paths.get("/proc/cpuinfo")) + ", " + Runtime.getRuntime().availableProcessors() + " CPUs";
    }

    /** On Linux, os.version is the kernel release (uname -r). */
    static String kernel() {
        return System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch");
    }

    static String jvm() {
        return System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version") + " ("
                + System.getProperty("java.vendor") + ")";
    }

    static String cpuModel(Path cpuinfo) {
        try {
            List<String> lines = Files.readAllLines(cpuinfo, StandardCharsets.ISO_8859_1);
            for (String line : lines) {
                int colon = line.indexOf(':');
                if (colon < 0) {
                    continue;
                }
                String key = line.substring(0, colon).trim();
                String value = line.substring(colon + 1).trim();
                // x86 says "model name" (its "model" is a number); arm64 and others "Model" or "cpu model".
                if (key.matches("(?i)model name|cpu model|model") && value.matches(".*[A-Za-z].*")) {
                    return value;
                }
            }
            return "unknown CPU model (" + cpuinfo + " names none)";
        } catch (IOException e) {
            return "unknown CPU model (" + cpuinfo + ": " + e + ")";
        }
    }
}
