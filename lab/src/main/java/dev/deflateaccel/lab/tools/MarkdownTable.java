package dev.deflateaccel.lab.tools;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** A markdown table built row by row; numeric columns are right-aligned. */
public final class MarkdownTable {
    private final List<String> headers;
    private final boolean[] numeric;
    private final List<List<String>> rows = new ArrayList<>();

    /** Headers ending in ">" are numeric (right-aligned); the ">" is dropped. */
    public MarkdownTable(String... headers) {
        this.headers = new ArrayList<>();
        this.numeric = new boolean[headers.length];
        for (int i = 0; i < headers.length; i++) {
            numeric[i] = headers[i].endsWith(">");
            this.headers.add(numeric[i] ? headers[i].substring(0, headers[i].length() - 1) : headers[i]);
        }
    }

    public MarkdownTable row(Object... cells) {
        if (cells.length != headers.size()) {
            throw new IllegalArgumentException(cells.length + " cells for " + headers.size() + " columns");
        }
        rows.add(Stream.of(cells).map(c -> c == null ? "" : String.valueOf(c).replace("|", "\\|"))
                .collect(Collectors.toList()));
        return this;
    }

    public String render() {
        StringBuilder md = new StringBuilder("| ").append(String.join(" | ", headers)).append(" |\n|");
        for (boolean n : numeric) {
            md.append(n ? "---:|" : "---|");
        }
        md.append('\n');
        for (List<String> row : rows) {
            md.append('|');
            for (String cell : row) {
                md.append(cell.isEmpty() ? " |" : " " + cell + " |"); // an empty cell as "| |", as written by hand
            }
            md.append('\n');
        }
        return md.append('\n').toString();
    }
}
