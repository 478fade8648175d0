package dev.deflateaccel.lab.claims;

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
 * FigureCheck fails a page for each way a figure can be unbacked: changed, named with no report,
 * resting on a busy report or on one that does not record other processes' CPU; and passes a
 * figure rounded from its report.
 */
class FigureCheckTest {
    @TempDir
    Path root;
    Path docs;

    @BeforeEach
    void reports() throws IOException {
        docs = Files.createDirectories(root.resolve("docs"));
        Path results = Files.createDirectories(root.resolve("lab/node-results"));
        Files.writeString(results.resolve("quiet.md"), "# ingest\n\n- CPU used by other processes, per run in run order:"
                + " stock 0% other processes, 0% steal; igzip 2% other processes, 0% steal\n\n"
                + "| measurement | stock | igzip |\n| --- | ---: | ---: |\n| compaction CPU ms per MB | 191.5 | 73.8 |\n"
                + "| &nbsp;&nbsp;ratio | 1.00x (1.00x-1.00x) | 0.385x (0.33x-0.41x) |\n");
        Files.writeString(results.resolve("busy.md"), "# ingest\n\n- CPU used by other processes, per run in run order:"
                + " stock 0% other processes, 0% steal; igzip 14% other processes, 0% steal\n\n| a | b |\n|---|---:|\n| x | 0.41x |\n");
        Files.writeString(results.resolve("unrecorded.md"), "# steady\n\n| a | b |\n|---|---:|\n| x | 0.93x |\n");
        Files.writeString(results.resolve("unrecorded.derived.md"), "# derived\n\nfrom [steady](unrecorded.md)\n\n"
                + "| figure | value |\n|---|---:|\n| y | 1.54 |\n");
    }

    private List<String> check(String page) {
        return new FigureCheck(root).problems("docs/page.md", docs, DocBlock.of(page));
    }

    @Test
    void aFigureRoundedFromItsReportPasses() {
        assertEquals(List.of(), check("igzip used 0.39× (0.33-0.41) stock's compaction CPU, 74 against 192 ms per MB"
                + " ([report](../lab/node-results/quiet.md)).\n"));
    }

    @Test
    void aChangedFigureFailsWithItsLineAndReport() {
        assertEquals(List.of("docs/page.md:3: \"0.59×\" is not in lab/node-results/quiet.md"),
                check("# Title\n\nigzip used 0.59× stock's compaction CPU ([report](../lab/node-results/quiet.md)).\n"));
    }

    @Test
    void aTableTakesItsReportFromTheCaptionAbove() {
        String caption = "Compaction CPU ([report](../lab/node-results/quiet.md)):\n\n";
        assertEquals(List.of(), check(caption + "| | stock | igzip |\n|---|---:|---:|\n| ms per MB | 191.5 | 73.8 |\n"));
        assertEquals(List.of("docs/page.md:5: \"75.8\" is not in lab/node-results/quiet.md"),
                check(caption + "| | stock | igzip |\n|---|---:|---:|\n| ms per MB | 191.5 | 75.8 |\n"));
    }

    @Test
    void aFigureThatNamesNoReportFails() {
        List<String> problems = check("- igzip used 0.39× stock's CPU.\n- ([report](../lab/node-results/quiet.md)) 0.39×\n");
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).startsWith("docs/page.md:1: figures [0.39×] name no report"), problems.get(0));
    }

    @Test
    void aBusyReportBacksNothing() {
        List<String> problems = check("igzip 0.41× ([report](../lab/node-results/busy.md)).\n");
        assertEquals(List.of("docs/page.md:1: figures [0.41×] rest on lab/node-results/busy.md, which warns that the"
                + " machine was busy"), problems);
    }

    @Test
    void aReportWithoutTheOtherProcessesLineBacksAFigureOnlyWhenThePageSaysSo() {
        List<String> problems = check("libdeflate 0.93× ([report](../lab/node-results/unrecorded.md)).\n");
        assertEquals(1, problems.size());
        assertTrue(problems.get(0).contains("which does not record other processes' CPU"), problems.get(0));
        assertEquals(List.of(), check("libdeflate 0.93× ([report](../lab/node-results/unrecorded.md), "
                + FigureCheck.NOT_RECORDED_MARK + ").\n"));
    }

    @Test
    void aDerivedFileIsAsQuietAsTheReportsItCameFrom() {
        List<String> problems = check("igzip 1.54× ([derived](../lab/node-results/unrecorded.derived.md)).\n");
        assertEquals(1, problems.size());
        assertTrue(problems.get(0).contains("unrecorded.derived.md, which does not record"), problems.get(0));
    }

    @Test
    void aDecimalInProseIsAFigureAndATargetIsNot() {
        assertEquals(List.of("docs/page.md:1: \"0.40\" is not in lab/node-results/quiet.md"),
                check("predicted over measured 0.40, target ≤ 0.72 ([report](../lab/node-results/quiet.md)).\n"));
        assertEquals(List.of(), check("Cassandra 5.0.9 on a 5.0 node, target ≥ 0.95 ([report](../lab/node-results/quiet.md)).\n"));
    }

    @Test
    void aRatioMatchesOnlyARatioAndAMeasurementOnlyAMeasurement() {
        String link = " ([report](../lab/node-results/quiet.md)).\n";
        assertEquals(List.of(), check("igzip 0.41× and 73.8 ms per MB" + link));
        assertEquals(List.of("docs/page.md:1: \"0.41ms\" is not in lab/node-results/quiet.md"),
                check("igzip's p99 was 0.41 ms" + link), "0.41 is in the report only as a ratio");
        assertEquals(List.of("docs/page.md:1: \"73.8×\" is not in lab/node-results/quiet.md"),
                check("igzip 73.8×" + link), "73.8 is in the report only as a measurement");
    }
}
