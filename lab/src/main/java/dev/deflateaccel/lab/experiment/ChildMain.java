package dev.deflateaccel.lab.experiment;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

import dev.deflateaccel.lab.tools.ProtocolLine;

/**
 * The child half of the one protocol between a runner and its measuring JVMs. The child gets
 * its task as one argument ({@code @@ task key=value ...}), prepares, prints {@code @@ ready},
 * then answers every {@code @@ measure ...} line on stdin with one {@code @@ result} line, and on
 * {@code quit} prints {@code @@ check ok=.. summary=..} and exits (1 when the check failed). It
 * measures only when told, so it never runs while another child measures.
 */
public final class ChildMain {
    /** What one kind of child measures; built from its task line. */
    public interface Measurement {
        /** Keys and values of the ready line. */
        Object[] ready();

        /** Keys and values of the result line answering {@code command}. */
        Object[] measure(ProtocolLine command) throws IOException, InterruptedException;

        /** The engine check's one-line summary; throws when it fails. */
        String check() throws IOException;
    }

    private ChildMain() {
    }

    /** The task a runner passed as the child's only argument. */
    public static ProtocolLine task(String[] args) {
        return ProtocolLine.parse(args[0]);
    }

    public static void serve(Measurement measurement) throws IOException, InterruptedException {
        System.out.println(ProtocolLine.format("ready", measurement.ready()));
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line = in.readLine(); line != null && !line.trim().equals("quit"); line = in.readLine()) {
            if (!ProtocolLine.isProtocol(line) || !ProtocolLine.parse(line).kind.equals("measure")) {
                System.out.println(ProtocolLine.format("error", "message", "bad command: " + line));
                continue;
            }
            System.out.println(ProtocolLine.format("result", measurement.measure(ProtocolLine.parse(line))));
        }
        try {
            System.out.println(ProtocolLine.format("check", "ok", true, "summary", measurement.check()));
        } catch (RuntimeException e) {
            System.out.println(ProtocolLine.format("check", "ok", false, "summary", e.getMessage()));
            System.exit(1);
        }
    }
}
