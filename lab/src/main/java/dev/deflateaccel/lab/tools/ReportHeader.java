package dev.deflateaccel.lab.tools;

import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.deflateaccel.lab.MachineDescription;
import dev.deflateaccel.lab.MachineLoad;

/**
 * What every report starts with, so a result file alone says how to reproduce it and what it ran
 * on: the command, the start time and duration, the machine (CPU, flags, cores, JDK, library
 * versions), and how much of the CPU other processes took meanwhile.
 *
 * The command is the script's own line when a lab/run-*.sh script started the program (it
 * exports {@value #COMMAND_ENV}), else the java command that did.
 */
public final class ReportHeader {
    public static final String COMMAND_ENV = "DEFLATEACCEL_BENCH_COMMAND";

    private final LocalDateTime started = LocalDateTime.now();
    private final long startNanos = System.nanoTime();
    private final MachineLoad startLoad = MachineLoad.snapshot();
    private final Map<String, String> machine = MachineDescription.describe();
    private final String command;
    private final Map<String, String> extra = new LinkedHashMap<>();

    public ReportHeader(Class<?> mainClass, String[] args) {
        String fromScript = System.getenv(COMMAND_ENV);
        this.command = fromScript != null && !fromScript.isEmpty() ? fromScript
                : "java -cp lab/target/deflate-accel-lab.jar " + mainClass.getName() + " " + String.join(" ", args);
    }

    /** A file-name stamp of the start time, e.g. 20261130-124512. */
    public String stamp() {
        return started.format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    }

    /** A fact of this run (agent jar, data source...) for the header list. */
    public void put(String label, String value) {
        extra.put(label, value);
    }

    public double elapsedSeconds() {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    /** Prints the facts the console should show before anything is measured. */
    public void printStart(String tag) {
        System.out.println("[" + tag + "] command: " + command);
        machine.forEach((k, v) -> System.out.println("[" + tag + "] " + k + ": " + v));
        extra.forEach((k, v) -> System.out.println("[" + tag + "] " + k + ": " + v));
    }

    /** Whether other processes disturbed the run (more than MachineLoad.DISTURBED of the CPU). */
    public boolean disturbed() {
        return MachineLoad.snapshot().disturbedSince(startLoad);
    }

    public String render(String title) {
        StringBuilder md = new StringBuilder("# ").append(title).append("\n\n");
        md.append("- Command: `").append(command).append("`\n");
        md.append("- Started: ").append(started.format(DateTimeFormatter.ISO_LOCAL_DATE_TIME)).append(", took ")
                .append(Numbers.seconds(elapsedSeconds())).append('\n');
        for (Map.Entry<String, String> fact : machine.entrySet()) {
            md.append("- ").append(fact.getKey()).append(": ").append(fact.getValue()).append('\n');
        }
        for (Map.Entry<String, String> fact : extra.entrySet()) {
            md.append("- ").append(fact.getKey()).append(": ").append(fact.getValue()).append('\n');
        }
        MachineLoad now = MachineLoad.snapshot();
        md.append("- CPU used by other processes during the run: ").append(now.describeSince(startLoad)).append("\n\n");
        if (now.disturbedSince(startLoad)) {
            md.append("> **WARNING: the machine was busy** (more than ")
                    .append(Math.round(MachineLoad.DISTURBED * 100))
                    .append("% of the CPU went to other processes or steal): the numbers are too low and noisy. "
                            + "Re-run on a quiet machine.\n\n");
        }
        return md.toString();
    }
}
