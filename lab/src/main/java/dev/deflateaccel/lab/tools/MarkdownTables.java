package dev.deflateaccel.lab.tools;

import java.util.ArrayList;
import java.util.List;

/**
 * The tables of a markdown report, read back: each with the heading or paragraph above it, its
 * column headers and its rows of cells. The inverse of {@link MarkdownTable#render()}, and it reads
 * the committed reports that were written before reports carried a data file.
 */
public final class MarkdownTables {
    private MarkdownTables() {
    }

    /** One table: what stands above it, its columns, its rows (each row's cells, the label first). */
    public static final class Table {
        public final String caption;
        /** The last heading above it ("## 16 KiB chunks ..."), or "". */
        public final String section;
        public final List<String> columns;
        public final List<List<String>> rows = new ArrayList<>();

        Table(String caption, String section, List<String> columns) {
            this.caption = caption;
            this.section = section;
            this.columns = columns;
        }

        /** The row whose first cell starts with {@code label}, or null. */
        public List<String> row(String label) {
            for (List<String> r : rows) {
                if (r.get(0).startsWith(label)) {
                    return r;
                }
            }
            return null;
        }

        /** The cell in the row starting with {@code label} under the column {@code column}. */
        public String cell(String label, String column) {
            List<String> r = row(label);
            int c = columns.indexOf(column);
            if (r == null || c < 0) {
                throw new IllegalArgumentException("no cell (" + label + ", " + column + ") in table " + columns);
            }
            return r.get(c);
        }
    }

    public static List<Table> of(String markdown) {
        List<Table> tables = new ArrayList<>();
        String caption = "";
        String section = "";
        Table current = null;
        for (String line : markdown.split("\n")) {
            String t = line.trim();
            if (!t.startsWith("|")) {
                current = null;
                if (!t.isEmpty()) {
                    caption = t;
                }
                if (t.startsWith("#")) {
                    section = t;
                }
                continue;
            }
            List<String> cells = cells(t);
            if (current == null) {
                current = new Table(caption, section, cells);
                tables.add(current);
            } else if (!t.matches("\\|[\\s|:-]+\\|")) {
                current.rows.add(cells);
            }
        }
        return tables;
    }

    static List<String> cells(String row) {
        List<String> cells = new ArrayList<>();
        for (String c : row.substring(1, row.endsWith("|") ? row.length() - 1 : row.length()).split("(?<!\\\\)\\|", -1)) {
            cells.add(c.trim().replace("\\|", "|"));
        }
        return cells;
    }
}
