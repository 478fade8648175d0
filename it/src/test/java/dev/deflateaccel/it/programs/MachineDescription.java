package dev.deflateaccel.it.programs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Locale;

/** CPU, cores, JDK and OS, for the header of every result file: a number without its machine is not comparable. */
final class MachineDescription {

    private MachineDescription() {
    }

    static String describe() {
        String cpu = "unknown CPU";
        try {
            for (String line : Files.readAllLines(Paths.get("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    cpu = line.substring(line.indexOf(':') + 1).trim();
                    break;
                }
            }
        } catch (IOException ignored) {
            // keep "unknown CPU"
        }
        return String.format(Locale.ROOT, "CPU: %s, %d cores available\nJDK: %s %s (%s)\nOS: %s %s", cpu,
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.vm.name"),
                System.getProperty("java.version"), System.getProperty("java.vendor"), System.getProperty("os.name"),
                System.getProperty("os.version"));
    }

    /** The warning every program prints on a small machine, where client and node share the cores. */
    static String sharedCoresNote() {
        int cores = Runtime.getRuntime().availableProcessors();
        if (cores > 4) {
            return "";
        }
        return String.format(Locale.ROOT, "Only %d cores: the load client runs on the same cores as the node and takes"
                + " CPU from it, so throughput understates the node; compare CPU per operation first.", cores);
    }
}
