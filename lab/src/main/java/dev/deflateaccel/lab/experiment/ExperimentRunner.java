package dev.deflateaccel.lab.experiment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import dev.deflateaccel.lab.RepoLayout;
import dev.deflateaccel.lab.tools.ChildJvm;
import dev.deflateaccel.lab.tools.ChildSession;
import dev.deflateaccel.lab.tools.ProtocolLine;
import dev.deflateaccel.lab.tools.ReportDataFile;
import dev.deflateaccel.lab.tools.ReportHeader;

/**
 * The runner half of every in-process experiment: its options and header, one child JVM per
 * configuration started with (or without) the agent, spoken to through {@link ChildMain}'s
 * protocol one command at a time, and the report files. Only one child measures at a time, so
 * children never measure each other on a small machine.
 */
public final class ExperimentRunner {
    private static final int ANSWER_TIMEOUT_SECONDS = 3 * 3600;

    /** What happened after each result line, for the console. */
    public interface Progress {
        void result(Run run, ProtocolLine result);
    }

    public final String tag;
    public final ReportHeader header;
    public final Path workDir;
    /** {@code <results>/<stamp>-<tag>.md}, and the chart's .png beside it. */
    private final Path markdown;
    private final Path png;
    private final Path agentJar;
    private final Class<?> childMain;

    private ExperimentRunner(String tag, ReportHeader header, Path agentJar, Path resultsDir, Class<?> childMain)
            throws IOException {
        this.tag = tag;
        this.header = header;
        this.agentJar = agentJar;
        this.childMain = childMain;
        this.workDir = Files.createDirectories(RepoLayout.workDir().resolve(header.stamp() + "-" + tag));
        Files.createDirectories(resultsDir);
        this.markdown = resultsDir.resolve(header.stamp() + "-" + tag + ".md");
        this.png = resultsDir.resolve(header.stamp() + "-" + tag + ".png");
    }

    /** The options, or null after -h or --help; a bad argument exits 2 with the reason. */
    public static <T> T options(String tag, String[] args, String usage, Function<String[], T> parser) {
        if (List.of(args).contains("--help") || List.of(args).contains("-h")) {
            System.out.println(usage);
            return null;
        }
        try {
            return parser.apply(args);
        } catch (IllegalArgumentException | IllegalStateException e) {
            exitOnUsageProblem(tag, String.valueOf(e.getMessage()));
            return null;
        }
    }

    /**
     * Checks the agent jar (exit 2 when unusable), prints the header's facts and prepares the
     * work directory. {@code facts} are label, value pairs for the report header, in order.
     */
    public static ExperimentRunner open(String tag, Class<?> mainClass, String[] args, Path agentJar, Path resultsDir,
                                        Class<?> childMain, String... facts) throws IOException {
        exitOnUsageProblem(tag, ChildJvm.agentJarProblem(agentJar));
        ReportHeader header = new ReportHeader(mainClass, args);
        for (int i = 0; i < facts.length; i += 2) {
            header.put(facts[i], facts[i + 1]);
        }
        header.printStart(tag);
        return new ExperimentRunner(tag, header, agentJar, resultsDir, childMain);
    }

    /** Starts {@code run}'s child with {@code task} and waits for its ready line. */
    public void start(Run run, ProtocolLine.Builder task) throws IOException, InterruptedException {
        Configuration configuration = run.configuration;
        // Every child learns which engine must serve it and where its agent config is.
        String fullTask = task.copy().with("expectEngine", configuration.expectedEngine())
                .with("agentConfigFile", ChildJvm.configPath(workDir, configuration.id)).toString();
        start(run, ChildJvm.command(configuration.isStock() ? null : agentJar, run.configuration.agentConfig, workDir,
                configuration.id, childMain, List.of(fullTask)));
    }

    /** Starts a child that is not a JVM of ours (native_ref --serve) but speaks the same protocol. */
    public void start(Run run, List<String> command) throws IOException, InterruptedException {
        run.session = ChildSession.start(run.configuration.id, command, true);
        try {
            run.ready = run.session.await("ready", ANSWER_TIMEOUT_SECONDS);
        } catch (IOException | InterruptedException e) {
            run.session.close();
            throw e;
        }
    }

    /** One measure command and its result line, kept in the run. */
    public ProtocolLine measure(Run run, ProtocolLine.Builder command) throws IOException, InterruptedException {
        if (run.session == null) {
            throw new IllegalStateException(run.configuration.label + " was never started");
        }
        run.session.send(command.toString());
        ProtocolLine result = run.session.await("result", ANSWER_TIMEOUT_SECONDS);
        run.results.add(result);
        return result;
    }

    /** Ends the child: its engine check, then its exit; a failed check or exit fails the run. */
    public void finish(Run run) throws IOException, InterruptedException {
        if (run.session == null) {
            return;
        }
        try {
            run.session.send("quit");
            ProtocolLine check = run.session.await("check", ANSWER_TIMEOUT_SECONDS);
            run.check = check.get("summary");
            if (!Boolean.parseBoolean(check.get("ok"))) {
                run.failure = "engine check failed: " + run.check;
            }
            int exit = run.session.awaitExit(60);
            if (exit != 0 && run.failure == null) {
                run.failure = "child exited with " + exit;
            }
        } finally {
            run.close();
        }
    }

    /**
     * The in-order experiment: each configuration in turn, in a child of its own that gets
     * every command, then ends. A child that fails is reported, and the next one runs.
     */
    public List<Run> runEach(List<Configuration> configurations, ProtocolLine.Builder task,
                             List<ProtocolLine.Builder> commands, Progress progress) {
        List<Run> runs = new ArrayList<>();
        for (int i = 0; i < configurations.size(); i++) {
            Configuration configuration = configurations.get(i);
            System.out.printf("[%s] %d/%d %s ...%n", tag, i + 1, configurations.size(), configuration.id);
            Run run = new Run(configuration);
            try {
                start(run, task);
                for (ProtocolLine.Builder command : commands) {
                    progress.result(run, measure(run, command));
                }
                finish(run);
            } catch (Exception e) {
                run.failure = e.getMessage() != null ? e.getMessage() : e.toString();
                run.close();
            }
            System.out.println("[" + tag + "]   " + (run.usable() ? run.check : "FAILED: " + run.failure));
            runs.add(run);
        }
        return runs;
    }

    /** A bad argument or an unusable agent jar: say so and exit 2, before anything runs. */
    public static void exitOnUsageProblem(String tag, String problem) {
        if (problem != null) {
            System.err.println("[" + tag + "] " + problem);
            System.exit(2);
        }
    }

    public Path png() {
        return png;
    }

    /** Writes the report, prints it, says where it and the chart (if drawn) are; exits 0, or 1 when {@code failed}. */
    public void publish(String text, boolean charted, boolean failed) throws IOException {
        ReportDataFile.write(markdown, text); // and its data beside it, X.json
        System.out.println();
        System.out.println(text);
        System.out.println("[" + tag + "] report: " + markdown + (charted ? ", chart: " + png : ""));
        System.exit(failed ? 1 : 0);
    }
}
