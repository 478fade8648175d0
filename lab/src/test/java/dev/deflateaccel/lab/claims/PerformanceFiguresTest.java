package dev.deflateaccel.lab.claims;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Every performance figure of docs/performance.md and of the README's "Performance, in brief" is
 * in the report its paragraph, list item or table caption links, and that report records a quiet
 * machine (FigureCheck). A figure copied wrong, computed by hand or left without its report fails
 * the build here, with the line and the report in the message.
 */
class PerformanceFiguresTest {
    static final Path ROOT = Paths.get("..").toAbsolutePath().normalize();

    @Test
    void everyFigureIsInTheReportItNames() {
        List<String> problems = FigureCheck.performanceDocs(ROOT);
        assertEquals("", String.join("\n", problems), problems.size() + " figure(s) not backed by their report");
    }

    /** The check can fail: one figure changed in a copy of the page, and the build names it, its line and report. */
    @Test
    void aChangedFigureOnThePageFails() {
        Path page = ROOT.resolve("docs/performance.md");
        String row = "| + agent, libdeflate 6 (default) | 85.8 | 642 | 0.367 | 1.94× | 2.16× |";
        String text = ReportEvidence.read(page);
        assertTrue(text.contains(row), "the per-chunk table's libdeflate row moved; pick another figure");
        String changed = text.replace(row, row.replace("1.94×", "2.94×"));
        int line = text.substring(0, text.indexOf(row)).split("\n", -1).length;

        List<String> problems = new FigureCheck(ROOT).problems("docs/performance.md", page.getParent(), DocBlock.of(changed));

        assertEquals(List.of("docs/performance.md:" + line + ": \"2.94×\" is not in lab/results/20261130-141045.md"), problems);
    }

    /** And a README figure whose report link is removed names no report. */
    @Test
    void aReadmeFigureWithoutItsReportFails() {
        Path readme = ROOT.resolve("README.md");
        String text = ReportEvidence.read(readme);
        String link = "([report](lab/results/20261130-141045.md))";
        assertTrue(text.contains(link), "the README's per-chunk item moved");
        List<String> problems = new FigureCheck(ROOT).problems("README.md", ROOT,
                DocBlock.section(DocBlock.of(text.replace(link, "")), "## Performance, in brief"));
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains("figures [1.94×, 2.16×, 7.89×] name no report"), problems.get(0));
    }
}
