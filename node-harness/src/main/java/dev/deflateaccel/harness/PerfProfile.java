package dev.deflateaccel.harness;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A process's CPU by shared object, as Linux perf samples it: {@code perf record -F 499 -p PID}
 * from {@link #start} to {@link #stop}, then {@code perf report --sort dso}. It is the outside
 * check on the agent's own codec-CPU figure: perf books each sample to the object whose code ran
 * (libz, libdeflate, libisal, JNA's dispatch library, libc, libjvm, JIT-compiled Java) and knows
 * nothing of the agent. Needs {@code perf} (Debian's linux-perf) and the right to profile the
 * process (root, or kernel.perf_event_paranoid at most 1).
 */
public final class PerfProfile {

    /** Samples per second: often enough for a minute's shares to 0.1%, rare enough to cost little. */
    static final int FREQUENCY = 499;

    /** "  10.81%  libz.so.1.2.13" in perf report's quiet output. */
    private static final Pattern LINE = Pattern.compile("^\\s*([0-9.]+)%\\s+(\\S.*?)\\s*$");

    private final Process perf;
    private final Path data;

    private PerfProfile(Process perf, Path data) {
        this.perf = perf;
        this.data = data;
    }

    /** Starts sampling {@code pid} into {@code data}, its folder created (perf's own messages go to data.log). */
    public static PerfProfile start(long pid, Path data) {
        try {
            Files.createDirectories(data.toAbsolutePath().getParent());
            Process p = new ProcessBuilder("perf", "record", "-F", Integer.toString(FREQUENCY), "-p",
                    Long.toString(pid), "-o", data.toString()).redirectErrorStream(true)
                    .redirectOutput(data.resolveSibling(data.getFileName() + ".log").toFile()).start();
            return new PerfProfile(p, data);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run perf (Debian: apt-get install linux-perf)", e);
        }
    }

    /**
     * Stops sampling (SIGTERM, which perf record takes as Ctrl-C: it writes its data and exits) and
     * returns each shared object's percent of the samples, largest first.
     */
    public Map<String, Double> stop() {
        perf.destroy();
        try {
            if (!perf.waitFor(1, TimeUnit.MINUTES)) {
                perf.destroyForcibly();
                throw new IllegalStateException("perf record did not stop; see " + data + ".log");
            }
            // Once more if the first report is empty: it happened once in 18 windows, cause unknown;
            // what perf said is kept beside the data (data.log, data.report.log).
            for (int attempt = 1; ; attempt++) {
                Process report = new ProcessBuilder("perf", "report", "-i", data.toString(), "--sort", "dso",
                        "--stdio", "-q").redirectError(data.resolveSibling(data.getFileName() + ".report.log").toFile())
                        .start();
                String text = new String(report.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                if (report.waitFor() == 0 && !text.isBlank()) {
                    return parse(List.of(text.split("\n")));
                }
                if (attempt == 2) {
                    throw new IllegalStateException("perf report on " + data + " gave nothing (exit "
                            + report.exitValue() + "); see " + data + ".log and .report.log");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * After {@link #stop}: the first {@code lines} lines of perf report by thread name, object and
     * symbol, into data.symbols beside the data, for reading one window closely (which code a slower
     * repetition spent its extra in). JIT-compiled Java is named by method where the JVM wrote its
     * code map (/tmp/perf-PID.map) first. A failure leaves the file out and is not an error: the
     * report's figures come from {@link #stop}.
     */
    public void writeSymbols(int lines) {
        Path out = data.resolveSibling(data.getFileName() + ".symbols");
        try {
            Process report = new ProcessBuilder("perf", "report", "-i", data.toString(), "--sort", "comm,dso,sym",
                    "--stdio", "-q").redirectError(ProcessBuilder.Redirect.DISCARD).start();
            List<String> text;
            try (BufferedReader r = new BufferedReader(new InputStreamReader(report.getInputStream(),
                    StandardCharsets.UTF_8))) {
                text = r.lines().limit(lines).collect(Collectors.toList());
            }
            report.destroy();
            report.waitFor(1, TimeUnit.MINUTES);
            Files.write(out, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            // Only a reading aid; see the method comment.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * {@link #stop()}, or, where perf gave nothing, an empty map and the reason to {@code problem}:
     * for a benchmark whose other windows and runs must go on without this one's profile.
     */
    public Map<String, Double> stop(Consumer<String> problem) {
        try {
            return stop();
        } catch (IllegalStateException e) {
            problem.accept(e.getMessage());
            return new LinkedHashMap<>();
        }
    }

    /** perf report's quiet lines to shared object and percent, in the report's order (largest first). */
    static Map<String, Double> parse(List<String> lines) {
        Map<String, Double> shares = new LinkedHashMap<>();
        for (String line : lines) {
            Matcher m = LINE.matcher(line);
            if (m.matches()) {
                shares.merge(m.group(2), Double.parseDouble(m.group(1)), Double::sum);
            }
        }
        return shares;
    }

    /**
     * The percent of samples in shared objects whose file name starts with any of {@code prefixes}
     * ("libz.so" matches libz.so.1.2.13, not libzip.so's "libzip").
     */
    public static double share(Map<String, Double> byObject, String... prefixes) {
        double sum = 0;
        for (Map.Entry<String, Double> e : byObject.entrySet()) {
            for (String prefix : prefixes) {
                if (e.getKey().startsWith(prefix)) {
                    sum += e.getValue();
                    break;
                }
            }
        }
        return sum;
    }
}
