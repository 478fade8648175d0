package dev.deflateaccel.lab.tools;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where one run's report goes: {@code <results>/<stamp>-<kind>.md} and, with a chart, the .png
 * beside it; and the start and end every runner shares (usage errors exit 2, the report is
 * printed as well as written).
 */
public final class ReportFiles {
    private final String kind;
    private final Path markdown;
    private final Path png;

    public ReportFiles(Path resultsDir, String stamp, String kind) throws IOException {
        Files.createDirectories(resultsDir);
        this.kind = kind;
        this.markdown = resultsDir.resolve(stamp + "-" + kind + ".md");
        this.png = resultsDir.resolve(stamp + "-" + kind + ".png");
    }

    public Path png() {
        return png;
    }

    /** Writes the markdown, prints it, and says where it and the chart (if drawn) are. */
    public void publish(String text, boolean charted) throws IOException {
        Files.write(markdown, text.getBytes(StandardCharsets.UTF_8));
        System.out.println();
        System.out.println(text);
        System.out.println("[" + kind + "] report: " + markdown + (charted ? ", chart: " + png : ""));
    }

    /** A bad argument or an unusable agent jar: say so and exit 2, before anything runs. */
    public static void exitOnUsageProblem(String kind, String problem) {
        if (problem != null) {
            System.err.println("[" + kind + "] " + problem);
            System.exit(2);
        }
    }
}
