package dev.deflateaccel.lab.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ReportWriterTest {
    @Test
    void startsWithTheHeaderEveryReportShares() {
        String md = new ReportWriter(new ReportHeader(ReportWriterTest.class, new String[] {"--x"}), "Title").render();
        assertTrue(md.startsWith("# Title\n\n- Command: `"), md);
        assertTrue(md.contains("\n- Started: "), md);
        assertTrue(md.contains("\n- Cores (JVM availableProcessors): "), md);
        assertTrue(md.contains("\n- CPU used by other processes during the run: "), md);
    }

    @Test
    void writesSectionsListsTablesAndBlocksInTheReportsForm() {
        ReportWriter writer = new ReportWriter(new ReportHeader(ReportWriterTest.class, new String[0]), "T");
        String before = writer.render();
        writer.warning("**careful**").section("Results").item("one\ntwo").item("three").endList()
                .table(new MarkdownTable("name", "MB/s>").row("a", "1.0"))
                .image("chart", null).image("chart", "x.png").code("Agent config (a)", "k = 1\n");
        assertEquals("> **careful**\n\n## Results\n\n- one\n  two\n- three\n\n"
                + "| name | MB/s |\n|---|---:|\n| a | 1.0 |\n\n![chart](x.png)\n\n"
                + "Agent config (a):\n\n```\nk = 1\n```\n\n", writer.render().substring(before.length()));
    }
}
