package dev.deflateaccel.claims;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * FigureCheck fails a page for each way a figure can be wrong: not its cell's value (by one in the
 * last digit, or another row's), without a cell, from a report its block does not link, resting on
 * a busy report or on one that does not record other processes' CPU; and passes a figure rounded
 * from its cell.
 */
class FigureCheckTest {
    private static final String LINK = " ([report](../lab/node-results/quiet.md)).\n";
    @TempDir
    Path root;

    @BeforeEach
    void reports() throws IOException {
        Files.createDirectories(root.resolve("docs"));
        Path results = Files.createDirectories(root.resolve("lab/node-results"));
        Files.writeString(results.resolve("quiet.md"), "# ingest\n\n- CPU used by other processes, per run in run order:"
                + " stock 0% other processes, 0% steal; igzip 2% other processes, 0% steal\n\n"
                + "| measurement | stock | igzip |\n| --- | ---: | ---: |\n| compaction CPU ms per MB | 191.5 | 73.8 |\n"
                + "| &nbsp;&nbsp;ratio | 1.00x (1.00x-1.00x) | 0.385x (0.33x-0.41x) |\n| read p99 ms | 1.2 | 1.6 |\n"
                + "| &nbsp;&nbsp;ratio | 1.00x (1.00x-1.00x) | 1.33x (1.20x-1.41x) |\n");
        Files.writeString(results.resolve("busy.md"), "# ingest\n\n- CPU used by other processes, per run in run order:"
                + " stock 0% other processes, 0% steal; igzip 14% other processes, 0% steal\n\n| a | b |\n|---|---:|\n| x | 0.41x |\n");
        Files.writeString(results.resolve("unrecorded.md"), "# steady\n\n| a | b |\n|---|---:|\n| x | 0.93x |\n");
        Files.writeString(results.resolve("unrecorded.derived.md"), "# derived\n\nfrom [steady](unrecorded.md)\n\n"
                + "| figure | value |\n|---|---:|\n| y | 1.54 |\n");
    }

    /** The problems of a page whose figures have the given cells (page, place, figure, report, table, row, column, from). */
    private List<String> check(String page, String... cells) throws IOException {
        StringBuilder tsv = new StringBuilder();
        for (String cell : cells) {
            tsv.append("docs/page.md\t").append(cell).append('\n');
        }
        Files.writeString(root.resolve(FigureCells.FILE), tsv);
        return new FigureCheck(root).problems("docs/page.md", page);
    }

    private static String quiet(String row, String column, int from) {
        return "lab/node-results/quiet.md\t1\t" + row + "\t" + column + "\t" + from;
    }

    @Test
    void aFigureRoundedFromItsCellPasses() throws IOException {
        assertEquals(List.of(), check("igzip used 0.39× (0.33-0.41) stock's compaction CPU" + LINK,
                "igzip used\t0.39× (0.33-0.41)\t" + quiet("compaction CPU ms per MB > ratio", "igzip", 1)));
    }

    @Test
    void aFigureOneOffInItsLastDigitFails() throws IOException {
        assertEquals(List.of("docs/page.md:3: \"0.40×\" is not its cell, lab/node-results/quiet.md table 1, row"
                + " \"compaction CPU ms per MB > ratio\", column \"igzip\", which holds [0.385, 0.33, 0.41]"),
                check("# Title\n\nigzip used 0.40× stock's compaction CPU" + LINK,
                        "igzip used\t0.40×\t" + quiet("compaction CPU ms per MB > ratio", "igzip", 1)));
    }

    @Test
    void aFigureFromAnotherRowFails() throws IOException {
        String page = "Compaction CPU" + LINK + "\n| | stock | igzip |\n|---|---:|---:|\n| ms per MB | 191.5 | 1.6 |\n";
        List<String> problems = check(page, "ms per MB | stock\t191.5\t" + quiet("compaction CPU ms per MB", "stock", 1),
                "ms per MB | igzip\t1.6\t" + quiet("compaction CPU ms per MB", "igzip", 1));
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).startsWith("docs/page.md:5: \"1.6\" is not its cell"), problems.get(0));
    }

    @Test
    void aFigureWithoutACellFailsAndOneWithAReasonPasses() throws IOException {
        List<String> problems = check("igzip used 0.39× stock's CPU" + LINK);
        assertEquals(List.of("docs/page.md:1: \"0.39×\" has no cell in docs/figures.tsv (at \"igzip used\"): run FigureCells"),
                problems);
        assertEquals(List.of(), check("Rounds of 0.5 s.\n", "Rounds of\t0.5 s\t-\tthe benchmark's setting\t-\t-\t1"));
        assertEquals(1, check("Rounds of 0.5 s.\n", "Rounds of\t0.5 s\t-\tTODO: say why\t-\t-\t1").size());
    }

    @Test
    void aFigureRemovedFromThePageFailsUntilItsLineGoes() throws IOException {
        assertEquals(List.of("docs/page.md: \"0.39×\" (at \"igzip used\" in docs/figures.tsv) is gone: run FigureCells if"
                + " that is meant"), check("igzip used little CPU" + LINK,
                        "igzip used\t0.39×\t" + quiet("compaction CPU ms per MB > ratio", "igzip", 1)));
    }

    @Test
    void aLoadSpanIsTheLeastAndTheMostOfTheReportsRecords() throws IOException {
        String cell = "Two runs, other processes\t0-2%\tlab/node-results/quiet.md\tload\t-\t-\t1";
        assertEquals(List.of(), check("Two runs, other processes 0-2%" + LINK, cell));
        List<String> problems = check("Two runs, other processes 0-5%" + LINK, cell.replace("0-2%", "0-5%"));
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains("load -, which holds [0, 2]"), problems.get(0));
    }

    @Test
    void aCellFromAReportTheBlockDoesNotLinkFails() throws IOException {
        List<String> problems = check("igzip used 0.39×.\n", "igzip used\t0.39×\t" + quiet("compaction CPU ms per MB > ratio", "igzip", 1));
        assertEquals(List.of("docs/page.md:1: \"0.39×\" comes from lab/node-results/quiet.md, which its paragraph, item or"
                + " caption does not link"), problems);
    }

    @Test
    void aBusyReportBacksNothing() throws IOException {
        List<String> problems = check("igzip 0.41× ([report](../lab/node-results/busy.md)).\n",
                "igzip\t0.41×\tlab/node-results/busy.md\t1\tx\tb\t1");
        assertEquals(List.of("docs/page.md:1: \"0.41×\" rests on lab/node-results/busy.md, which warns that the machine"
                + " was busy"), problems);
    }

    @Test
    void aReportWithoutTheOtherProcessesLineBacksAFigureOnlyWhenThePageSaysSo() throws IOException {
        String cell = "libdeflate\t0.93×\tlab/node-results/unrecorded.md\t1\tx\tb\t1";
        List<String> problems = check("libdeflate 0.93× ([report](../lab/node-results/unrecorded.md)).\n", cell);
        assertEquals(1, problems.size());
        assertTrue(problems.get(0).contains("which does not record other processes' CPU"), problems.get(0));
        assertEquals(List.of(), check("libdeflate 0.93× ([report](../lab/node-results/unrecorded.md), "
                + FigureCheck.NOT_RECORDED_MARK + ").\n", cell));
        problems = check("igzip 1.54× ([derived](../lab/node-results/unrecorded.derived.md)).\n",
                "igzip\t1.54×\tlab/node-results/unrecorded.derived.md\t1\ty\tvalue\t1");
        assertTrue(problems.get(0).contains("unrecorded.derived.md, which does not record"), problems.get(0));
    }

    @Test
    void aTargetAndAVersionAreNotFigures() throws IOException {
        assertEquals(List.of(), check("Cassandra 5.0.9 on a 5.0 node, target ≥ 0.95 and ≤ 1.15×" + LINK));
        assertEquals(List.of(), check("QPL 1.6 and 1.9, default 64.\n\n| key | default |\n|---|---|\n| a | 1 |\n"));
    }
}
