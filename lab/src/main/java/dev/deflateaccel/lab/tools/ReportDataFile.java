package dev.deflateaccel.lab.tools;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/**
 * A report's numbers in a form a program reads: {@code X.json} beside {@code X.md}, written from
 * the same markdown in the same step, so the two cannot disagree. It holds the header's facts (the
 * "- label: value" lines before the first table, other processes' CPU among them) and every table:
 * caption, columns, and per row its cells as written and the numbers in each cell. The docs'
 * figures are checked against a report's data (the claims module), and a program
 * comparing runs reads this file instead of parsing markdown.
 */
public final class ReportDataFile {
    /** A minus sign only where no value stands before it: "0.81x-1.04x" is a range, not -1.04. */
    private static final Pattern NUMBER =
            Pattern.compile("(?:(?<![\\w.%×)])-)?(?<![\\d.,])(?:\\d{1,3}(?:,\\d{3})+|\\d+)(?:\\.\\d+)?");

    private ReportDataFile() {
    }

    /** Writes {@code markdown} to {@code md} and its data to the .json beside it. */
    public static void write(Path md, String markdown) throws IOException {
        Files.write(md, markdown.getBytes(StandardCharsets.UTF_8));
        Files.write(beside(md), json(md.getFileName().toString(), markdown).getBytes(StandardCharsets.UTF_8));
    }

    public static Path beside(Path md) {
        String name = md.getFileName().toString();
        return md.resolveSibling(name.substring(0, name.length() - ".md".length()) + ".json");
    }

    static String json(String reportName, String markdown) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("report", reportName);
        data.put("facts", facts(markdown));
        List<Object> tables = new ArrayList<>();
        for (MarkdownTables.Table t : MarkdownTables.of(markdown)) {
            Map<String, Object> table = new LinkedHashMap<>();
            table.put("caption", t.caption);
            table.put("columns", t.columns);
            List<Object> rows = new ArrayList<>();
            for (List<String> cells : t.rows) {
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("cells", cells);
                row.put("numbers", cells.stream().map(ReportDataFile::numbers).collect(Collectors.toList()));
                rows.add(row);
            }
            table.put("rows", rows);
            tables.add(table);
        }
        data.put("tables", tables);
        try {
            return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(data) + "\n";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The header's "- label: value" lines, up to the first table. */
    private static Map<String, String> facts(String markdown) {
        Map<String, String> facts = new LinkedHashMap<>();
        for (String line : markdown.split("\n")) {
            if (line.startsWith("|")) {
                break;
            }
            int colon = line.indexOf(": ");
            if (line.startsWith("- ") && colon > 0) {
                facts.put(line.substring(2, colon), line.substring(colon + 2));
            }
        }
        return facts;
    }

    static List<Double> numbers(String cell) {
        List<Double> numbers = new ArrayList<>();
        Matcher m = NUMBER.matcher(cell);
        while (m.find()) {
            numbers.add(Double.parseDouble(m.group().replace(",", "")));
        }
        return numbers;
    }
}
