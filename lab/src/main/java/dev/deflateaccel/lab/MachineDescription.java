package dev.deflateaccel.lab;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What the numbers were measured on, for the header of every report: CPU model and the
 * instruction-set flags the native engines dispatch on, cores, memory, JDK, OS, and library
 * versions. A number without its machine is not comparable. Every probe is best effort: an
 * unknown value is printed as "?" rather than stopping the benchmark.
 */
public final class MachineDescription {
    private static final String[] INTERESTING_FLAGS = {"sse4_2", "pclmulqdq", "avx", "avx2", "bmi2", "avx512f",
        "avx512bw", "avx512vl", "vpclmulqdq", "gfni", "vaes"};

    private MachineDescription() {
    }

    /**
     * Ordered label -> value pairs, with the Cassandra and JMH on this JVM's class path: for the
     * in-process benchmarks, which run those. Node programs use {@link #machine()}: their nodes
     * run the Cassandra of the line they start.
     */
    public static Map<String, String> describe() {
        Map<String, String> facts = machine();
        facts.put("Cassandra", "cassandra-all " + resourceProperty("/org/apache/cassandra/config/version.properties",
                "CassandraVersion"));
        facts.put("JMH", resourceProperty("/jmh.properties", "jmh.version"));
        return facts;
    }

    /** The machine alone: CPU, flags, cores, memory, JDK, OS and the Debian packages of the engines. */
    public static Map<String, String> machine() {
        Map<String, String> facts = new LinkedHashMap<>();
        String cpuinfo = read("/proc/cpuinfo");
        facts.put("CPU", firstValue(cpuinfo, "model name"));
        facts.put("CPU flags (relevant)", relevantFlags(firstValue(cpuinfo, "flags")));
        facts.put("Cores (JVM availableProcessors)", Integer.toString(Runtime.getRuntime().availableProcessors()));
        facts.put("Memory", firstValue(read("/proc/meminfo"), "MemTotal"));
        facts.put("JDK", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version")
                + " (" + System.getProperty("java.vendor") + ")");
        facts.put("OS", System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch"));
        facts.put("Debian packages", debianVersions("libdeflate0", "libisal2", "zlib1g"));
        return facts;
    }

    /** {@link #machine()} as "label: value" lines, for the node programs' headers. */
    public static List<String> machineLines() {
        return machine().entrySet().stream().map(e -> e.getKey() + ": " + e.getValue()).collect(Collectors.toList());
    }

    /** The warning every node program prints on a small machine, where client and node share the cores. */
    public static String sharedCoresNote() {
        int cores = Runtime.getRuntime().availableProcessors();
        if (cores > 4) {
            return "";
        }
        return String.format(Locale.ROOT, "Only %d cores: the load client runs on the same cores as the node and takes"
                + " CPU from it, so throughput understates the node; compare CPU per operation first.", cores);
    }

    private static String relevantFlags(String flags) {
        if ("?".equals(flags)) {
            return flags;
        }
        List<String> all = List.of(flags.split("\\s+"));
        List<String> present = Stream.of(INTERESTING_FLAGS).filter(all::contains).collect(Collectors.toList());
        return present.isEmpty() ? "none of " + String.join(" ", INTERESTING_FLAGS) : String.join(" ", present);
    }

    private static String debianVersions(String... packages) {
        List<String> versions = new ArrayList<>();
        for (String p : packages) {
            try {
                ChildProcess out = ChildProcess.run(List.of("dpkg-query", "-W", "-f", "${Version}", p), 10);
                versions.add(p + " " + (out.exitCode == 0 ? out.text : "?"));
            } catch (IOException e) {
                versions.add(p + " ?");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                versions.add(p + " ?");
            }
        }
        return String.join(", ", versions);
    }

    private static String resourceProperty(String resource, String key) {
        try (InputStream in = MachineDescription.class.getResourceAsStream(resource)) {
            if (in == null) {
                return "?";
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty(key, "?");
        } catch (IOException e) {
            return "?";
        }
    }

    private static String read(String path) {
        try {
            return new String(Files.readAllBytes(Paths.get(path)));
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    private static String firstValue(String text, String key) {
        for (String line : text.split("\n")) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).trim().equals(key)) {
                return line.substring(colon + 1).trim();
            }
        }
        return "?";
    }
}
