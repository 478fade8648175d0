package dev.deflateaccel.agent;

import static dev.deflateaccel.bridge.Backports.isBlank;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One run of {@link StockVersusWovenMain} in its own JVM, as Cassandra runs (with {@code -ea}),
 * so that a crash (SIGSEGV, SIGBUS, a glibc abort) or a hang fails a test instead of killing
 * Maven. Output goes to files in the run's directory (no pipe can fill up); the JVM's fatal error
 * log goes there too, and the parent reads it back for the failure message.
 */
final class ForkedChild {
    final Path dir;
    final int exit;
    final boolean timedOut;
    final long millis;
    final List<String[]> lines;
    /** {phase, version, index, case name} of the case running when the child stopped, or null. */
    final String[] progress;

    private ForkedChild(Path dir, int exit, boolean timedOut, long millis, List<String[]> lines, String[] progress) {
        this.dir = dir;
        this.exit = exit;
        this.timedOut = timedOut;
        this.millis = millis;
        this.lines = lines;
        this.progress = progress;
    }

    static ForkedChild run(ChildLauncher launcher, Path dir, List<String> args, long timeoutSeconds) {
        try {
            Files.createDirectories(dir);
            List<String> cmd = new ArrayList<>(launcher.java);
            cmd.add("-ea"); // as Cassandra runs: stock compressArray asserts def.finished()
            cmd.add("-Djdk.attach.allowAttachSelf=true"); // ByteBuddyAgent.install() attaches to itself
            cmd.add("-XX:+UseSerialGC"); // two shared cores: no parallel GC threads
            cmd.add("-Xmx768m");
            cmd.add("-XX:ErrorFile=" + dir.toAbsolutePath().resolve("hs_err_pid%p.log"));
            int feature = launcher.feature;
            if (feature >= 9) {
                // Java 8 has no such flag (it rejects it): there a core file follows ulimit -c.
                cmd.add("-XX:-CreateCoredumpOnCrash");
            }
            if (feature >= 21) {
                cmd.add("-XX:+EnableDynamicAgentLoading"); // the self-attach, without a warning
            }
            if (feature >= 22) {
                cmd.add("--enable-native-access=ALL-UNNAMED"); // JNA, without a warning
            }
            for (String key : System.getProperties().stringPropertyNames()) {
                if (key.startsWith("deflateaccel.") && !launcher.overrides.containsKey(key)) {
                    cmd.add("-D" + key + "=" + System.getProperty(key));
                }
            }
            launcher.overrides.forEach((key, value) -> cmd.add("-D" + key + "=" + value));
            cmd.add("-cp");
            cmd.add(launcher.classPath);
            cmd.add(StockVersusWovenMain.class.getName());
            cmd.addAll(args);
            Files.write(dir.resolve("command.txt"), Arrays.asList(String.join(" ", cmd)), StandardCharsets.UTF_8);
            long start = System.nanoTime();
            Process p = new ProcessBuilder(cmd).directory(dir.toFile())
                    .redirectOutput(dir.resolve("stdout.txt").toFile())
                    .redirectError(dir.resolve("stderr.txt").toFile())
                    .start();
            boolean finished = p.waitFor(timeoutSeconds, TimeUnit.SECONDS);
            if (!finished) {
                p.destroyForcibly();
                p.waitFor(30, TimeUnit.SECONDS);
            }
            long millis = (System.nanoTime() - start) / 1_000_000;
            List<String[]> lines = new ArrayList<>();
            for (String line : Files.readAllLines(dir.resolve("stdout.txt"), StandardCharsets.UTF_8)) {
                if (line.startsWith(StockVersusWovenMain.PREFIX)) {
                    lines.add(line.substring(StockVersusWovenMain.PREFIX.length()).split("\t", -1));
                }
            }
            String[] progress = ChildProgress.read(progressFile(dir));
            return new ForkedChild(dir, finished ? p.exitValue() : -1, !finished, millis, lines, progress);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    static Path progressFile(Path dir) {
        return dir.resolve("progress.bin");
    }

    /** Whether the child ran to its end and exited 0. */
    boolean completed() {
        return exit == 0 && !timedOut && lines.stream().anyMatch(l -> l[0].equals("DONE"));
    }

    /** The child's own harness failure (exit 2 with a FATAL line), or null. */
    String fatal() {
        return lines.stream().filter(l -> l[0].equals("FATAL")).map(l -> l[1]).findFirst().orElse(null);
    }

    /** How the child ended, for a failure message. */
    String death() {
        if (timedOut) {
            return "hung: killed after " + millis / 1000 + " s";
        }
        String signal;
        switch (exit) {
            case 134: signal = " (SIGABRT: glibc abort, or the JVM's fatal error handler)"; break;
            case 135: signal = " (SIGBUS)"; break;
            case 139: signal = " (SIGSEGV)"; break;
            default: signal = "";
        }
        if (signal.isEmpty() && hasFatalErrorLog()) {
            signal = " (the JVM's fatal error handler, after a signal: see its log)";
        }
        return "exit status " + exit + signal;
    }

    private boolean hasFatalErrorLog() {
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, "hs_err_pid*.log")) {
            return s.iterator().hasNext();
        } catch (IOException e) {
            return false;
        }
    }

    /** The head of the JVM's fatal error log (signal, problematic frame, top native and Java frames), or "". */
    String fatalErrorLog() {
        Path log = null;
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, "hs_err_pid*.log")) {
            for (Path p : s) {
                log = p;
            }
        } catch (IOException e) {
            return "";
        }
        if (log == null) {
            return "";
        }
        try {
            List<String> all = Files.readAllLines(log, StandardCharsets.ISO_8859_1);
            List<String> keep = new ArrayList<>();
            // The signal (or internal error) and the problematic frame; not the JVM version or bug-report lines.
            for (int i = 0; i < all.size() && i < 20; i++) {
                String l = all.get(i);
                boolean frame = i > 0 && all.get(i - 1).startsWith("# Problematic frame");
                if (l.startsWith("#  SIG") || l.startsWith("#  Internal Error") || l.startsWith("#  Out of Memory")
                        || l.startsWith("# Problematic frame") || frame) {
                    keep.add(l);
                }
            }
            for (String section : new String[] {"Native frames:", "Java frames:"}) {
                int at = all.indexOf(all.stream().filter(l -> l.startsWith(section)).findFirst().orElse(""));
                for (int i = at; at >= 0 && i < all.size() && i < at + 9 && !all.get(i).isEmpty(); i++) {
                    keep.add(all.get(i));
                }
            }
            keep.add("(full log: " + log.toAbsolutePath() + ")");
            return String.join("\n", keep);
        } catch (IOException e) {
            return "";
        }
    }

    /** The last lines of stderr (glibc's abort message, a Java stack trace). */
    String stderrTail(int max) {
        try {
            List<String> all = Files.readAllLines(dir.resolve("stderr.txt"), StandardCharsets.ISO_8859_1);
            List<String> tail = new ArrayList<>();
            for (int i = all.size() - 1; i >= 0 && tail.size() < max; i--) {
                String l = all.get(i);
                if (!isBlank(l) && !l.contains("[deflate-accel] INFO")) {
                    tail.add(0, l);
                }
            }
            return String.join("\n", tail);
        } catch (IOException e) {
            return "";
        }
    }
}
