package dev.deflateaccel.lab.tools;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A child process (a measuring JVM, or native_ref --serve) spoken to over its stdin and read
 * line by line from its merged stdout/stderr. Protocol lines ({@link ProtocolLine}) are handed to
 * the caller; every other line is echoed with the child's label, so the agent's log and any JVM
 * complaint stay visible, and the last few are kept for the error message if the child dies.
 *
 * Only one child measures at a time (the runners wait for each answer), so children never
 * measure each other on a small machine.
 */
public final class ChildSession implements AutoCloseable {
    private static final String EOF = "\u0000EOF";
    private static final int KEPT_LINES = 30;

    private final String label;
    private final Process process;
    private final Writer stdin;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final Deque<String> recent = new ArrayDeque<>();
    private final boolean echo;

    private ChildSession(String label, Process process, boolean echo) {
        this.label = label;
        this.process = process;
        this.echo = echo;
        this.stdin = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        Thread reader = new Thread(this::pump, "child-output-" + label);
        reader.setDaemon(true);
        reader.start();
    }

    /** Starts {@code command}; {@code echo} prints the child's non-protocol output as it comes. */
    public static ChildSession start(String label, List<String> command, boolean echo) throws IOException {
        Process process = new ProcessBuilder(new ArrayList<>(command)).redirectErrorStream(true).start();
        return new ChildSession(label, process, echo);
    }

    private void pump() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                lines.add(line);
            }
        } catch (IOException e) {
            lines.add("[" + label + "] output unreadable: " + e);
        }
        lines.add(EOF);
    }

    public void send(String command) throws IOException {
        stdin.write(command);
        stdin.write('\n');
        stdin.flush();
    }

    /**
     * The next protocol line, which must be of {@code kind}; an "error" line, the child's death or
     * the timeout throw with the child's last output.
     */
    public ProtocolLine await(String kind, int timeoutSeconds) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
        while (true) {
            long left = deadline - System.nanoTime();
            String line = left <= 0 ? null : lines.poll(left, TimeUnit.NANOSECONDS);
            if (line == null) {
                throw failure("no '" + kind + "' answer within " + timeoutSeconds + " s");
            }
            if (line.equals(EOF)) {
                process.waitFor(10, TimeUnit.SECONDS);
                throw failure("ended (exit " + (process.isAlive() ? "?" : process.exitValue()) + ") before answering '"
                        + kind + "'");
            }
            if (!ProtocolLine.isProtocol(line)) {
                remember(line);
                continue;
            }
            ProtocolLine parsed = ProtocolLine.parse(line);
            if (parsed.kind.equals(kind)) {
                return parsed;
            }
            throw failure("answered '" + parsed.kind + "' " + parsed + " where '" + kind + "' was expected");
        }
    }

    /** Waits for the child to exit on its own and returns its exit code (after echoing the rest). */
    public int awaitExit(int timeoutSeconds) throws IOException, InterruptedException {
        if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            throw failure("did not exit within " + timeoutSeconds + " s");
        }
        for (String line = lines.poll(5, TimeUnit.SECONDS); line != null && !line.equals(EOF);
             line = lines.poll(5, TimeUnit.SECONDS)) {
            remember(line);
        }
        return process.exitValue();
    }

    private void remember(String line) {
        if (echo) {
            System.out.println("[" + label + "] " + line);
        }
        recent.addLast(line);
        if (recent.size() > KEPT_LINES) {
            recent.removeFirst();
        }
    }

    private IOException failure(String what) {
        return new IOException("child '" + label + "' " + what + "; its last output:\n  " + String.join("\n  ", recent));
    }

    /** Kills the child if it is still running; a no-op after a clean exit. */
    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroy();
            try {
                if (!process.waitFor(10, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }
}
