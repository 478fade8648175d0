package dev.deflateaccel.lab.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** A report written through ReportDataFile has its numbers beside it, the same as its tables show. */
class ReportDataFileTest {

    @Test
    void writesTheTablesNumbersBesideTheMarkdown(@TempDir Path dir) throws IOException {
        String markdown = new ReportWriter("# title\n\n")
                .item("CPU used by other processes during the run: 2% other processes, 0% steal").endList()
                .paragraph("Median (min-max):")
                .table(new MarkdownTable("measurement", "stock>", "igzip>")
                        .row("node CPU us/row", "350 (348-352)", "326 (283-364)")
                        .row("ratio", "1.00x", "0.93x (0.81x-1.04x)")
                        .row("rows", "6,699", "7,526"))
                .render();
        Path md = dir.resolve("20261202-000000-ingest.md");

        ReportDataFile.write(md, markdown);

        assertEquals(markdown, Files.readString(md));
        JsonNode data = new ObjectMapper().readTree(ReportDataFile.beside(md).toFile());
        assertEquals("20261202-000000-ingest.md", data.get("report").asText());
        assertEquals("2% other processes, 0% steal", data.get("facts").get("CPU used by other processes during the run").asText());
        JsonNode table = data.get("tables").get(0);
        assertEquals("Median (min-max):", table.get("caption").asText());
        assertEquals(List.of("measurement", "stock", "igzip"), new ObjectMapper().convertValue(table.get("columns"), List.class));
        JsonNode ratio = table.get("rows").get(1);
        assertEquals("0.93x (0.81x-1.04x)", ratio.get("cells").get(2).asText());
        assertEquals(List.of(0.93, 0.81, 1.04), new ObjectMapper().convertValue(ratio.get("numbers").get(2), List.class));
        assertEquals(7526.0, table.get("rows").get(2).get("numbers").get(2).get(0).asDouble(), "thousands separators read");
    }

    @Test
    void readsACommittedReportsTables() throws IOException {
        String committed = Files.readString(Path.of("node-results/20261202-042805-ingest.md"));
        MarkdownTables.Table table = MarkdownTables.of(committed).get(0);
        assertEquals("Deflate, stock", table.columns.get(1));
        assertEquals("158 (156-166)", table.cell("&nbsp;&nbsp;of which request threads", "Deflate, stock"));
        assertTrue(ReportDataFile.json("x.md", committed).contains("\"0.58x (0.55x-0.70x)\""));
    }
}
