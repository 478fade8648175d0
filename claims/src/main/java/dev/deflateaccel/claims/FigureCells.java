package dev.deflateaccel.claims;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.IntSummaryStatistics;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.deflateaccel.lab.tools.MarkdownTables;

/**
 * docs/figures.tsv, the cell of a committed report each figure of README.md and docs/*.md comes
 * from, one line per figure: page, its place ({@link Figure#where}), the figure as written, then
 * the cell: report, table (from 1; "line" for a line outside tables), row (its name, see
 * {@link MarkdownReport#rowName}; or the line's number), column header, and the number of the
 * cell the figure starts at. Report "-": not a measurement, the reason in the table column. The
 * lab's README says how to add a figure ({@link #main}).
 */
public final class FigureCells {
    public static final String FILE = "docs/figures.tsv";
    /** Words that tell no cell from another: every column is against stock, every engine a Deflate one. */
    private static final java.util.Set<String> COMMON = java.util.Set.of("the", "a", "of", "and", "at", "in", "per", "s", "to",
            "with", "was", "is", "by", "for", "on", "it", "its", "stock", "deflate", "agent", "nbsp", "x", "than", "as");
    private static final Pattern LINK = Pattern.compile("\\[([^\\]]*)\\]\\(([^)#\\s]+)[^)]*\\)");
    /** How the reason of a figure {@link #choose} found no cell for starts, until someone writes one. */
    static final String UNSAID = "TODO";
    private static final String HEADER = "page\tplace\tfigure\treport\ttable\trow\tcolumn\tfrom";

    /** One line of the file: a figure's cell. */
    public static final class Cell {
        final String page;
        final String where;
        final String figure;
        public final String report;
        final String table;
        final String row;
        final String column;
        final int from;

        Cell(String... f) {
            page = f[0];
            where = f[1];
            figure = f[2];
            report = f[3];
            table = f[4];
            row = f[5];
            column = f[6];
            from = Integer.parseInt(f[7]);
        }

        @Override
        public String toString() {
            return report + " " + (table.equals("line") || table.equals("load") ? table + " " + row : "table " + table + ", row \"" + row
                    + "\", column \"" + column + "\"") + (from > 1 ? ", from number " + from : "");
        }

        String line() {
            return String.join("\t", page, where, figure, report, table, row, column, String.valueOf(from));
        }
    }

    private final Path root;
    private final Map<String, MarkdownReport> reports = new HashMap<>();
    private final Map<Cell, List<NumberTokens.Token>> resolved = new IdentityHashMap<>();

    FigureCells(Path root) {
        this.root = root;
    }

    public static Map<String, Cell> read(Path file) {
        Map<String, Cell> cells = new LinkedHashMap<>();
        if (Files.isRegularFile(file)) {
            for (String line : FigureCheck.read(file).split("\n")) {
                if (!line.isEmpty() && !line.equals(HEADER)) {
                    Cell c = new Cell(line.split("\t", -1));
                    cells.put(key(c.page, c.where), c);
                }
            }
        }
        return cells;
    }

    static String key(String page, String where) {
        return page + "\t" + where;
    }

    /** The numbers of a cell as its report wrote them, or null when the report has no such cell. */
    List<NumberTokens.Token> numbers(Cell c) {
        return resolved.computeIfAbsent(c, k -> report(c.report).cell(c.table, c.row, c.column));
    }

    /** Whether the figure's numbers are the cell's, from its {@code from}-th on, each rounded to the figure's decimals. */
    static boolean holds(Figure f, List<NumberTokens.Token> cell, int from) {
        if (cell == null || from < 1 || from - 1 + f.values.size() > cell.size()) {
            return false;
        }
        for (int i = 0; i < f.values.size(); i++) {
            BigDecimal v = f.values.get(i);
            BigDecimal n = cell.get(from - 1 + i).value;
            int decimals = Math.max(0, v.scale());
            if (n.setScale(decimals, RoundingMode.HALF_UP).compareTo(v) != 0
                    && n.setScale(decimals, RoundingMode.HALF_EVEN).compareTo(v) != 0) {
                return false;
            }
        }
        return true;
    }

    private MarkdownReport report(String path) {
        return reports.computeIfAbsent(path, p -> new MarkdownReport(FigureCheck.read(root.resolve(p))));
    }

    /** A report's tables (as {@link MarkdownTables} reads them, the .json's structure) and lines. */
    static final class MarkdownReport {
        final List<MarkdownTables.Table> tables;
        final List<String> lines;

        MarkdownReport(String text) {
            tables = MarkdownTables.of(text);
            lines = Arrays.asList(text.split("\n", -1));
        }

        List<NumberTokens.Token> cell(String table, String row, String column) {
            if (table.equals("load")) { // the least and the most other processes took in its records of the machine's load
                IntSummaryStatistics s = LoadRecord.RECORD.matcher(String.join("\n", lines)).results()
                        .mapToInt(r -> Integer.parseInt(r.group(1))).summaryStatistics();
                return s.getCount() == 0 ? null : NumberTokens.tokens(s.getMin() + " " + s.getMax());
            } else if (table.equals("line")) {
                int n = Integer.parseInt(row);
                return n >= 1 && n <= lines.size() && !lines.get(n - 1).trim().startsWith("|")
                        ? NumberTokens.tokens(lines.get(n - 1)) : null;
            }
            int t = Integer.parseInt(table);
            if (t < 1 || t > tables.size()) {
                return null;
            }
            MarkdownTables.Table tb = tables.get(t - 1);
            int c = tb.columns.indexOf(column);
            int k = 0;
            for (List<String> r : tb.rows) {
                if (c >= 0 && c < r.size() && rowName(tb, r, ++k).equals(row)) {
                    return NumberTokens.tokens(r.get(c));
                }
            }
            return null;
        }

        /**
         * A row's name in the file: its label, without the indent; a ratio row's is the row above's
         * name, " > " and its own ("compaction s > ratio"); "#k" after it for the k-th of a repeated name.
         */
        static String rowName(MarkdownTables.Table t, List<String> row, int index) {
            List<String> names = new ArrayList<>();
            for (List<String> r : t.rows) {
                String label = r.get(0).replace("&nbsp;", "").trim();
                names.add(label.startsWith("ratio") && !names.isEmpty() ? names.get(names.size() - 1) + " > " + label : label);
            }
            String name = names.get(index - 1);
            int k = java.util.Collections.frequency(names.subList(0, index), name);
            return java.util.Collections.frequency(names, name) > 1 ? name + " #" + k : name;
        }
    }

    /** The cells of the new figures of every checked page, the kept ones as they were: the file's new text. */
    String bind(Map<String, Cell> kept) {
        StringBuilder out = new StringBuilder(HEADER).append('\n');
        for (Figure pf : new FigureCheck(root).figures()) {
            Cell c = kept.get(key(pf.page, pf.where));
            if (c == null || c.table.startsWith(UNSAID)) {
                c = choose(pf);
                System.out.println("new: " + pf.page + ":" + pf.line + " " + pf.text + " <- " + c);
            }
            out.append(new Cell(c.page, c.where, pf.text, c.report, c.table, c.row, c.column, String.valueOf(c.from)).line())
                    .append('\n');
        }
        return out.toString();
    }

    /** The linked reports' cell that holds the figure, its row and column sharing the most words with its place. */
    private Cell choose(Figure pf) {
        Figure f = pf;
        Cell best = new Cell(pf.page, f.where, f.text, "-", UNSAID + (pf.reports.isEmpty()
                ? ": no report links it; link one, or say here why it needs none" : ": no cell of the linked reports holds it"), "-", "-", "1");
        double bestScore = -1e9;
        List<Cell> ties = new ArrayList<>();
        Map<String, Double> hint = weights(f);
        Map<Path, String> links = new HashMap<>();
        Matcher link = LINK.matcher(pf.block);
        while (link.find()) {
            links.merge(root.resolve(pf.page).getParent().resolve(link.group(2)).normalize(), link.group(1), (a, b) -> a + " " + b);
        }
        for (Path report : pf.reports) {
            String rel = root.relativize(report).toString().replace('\\', '/');
            MarkdownReport r = report(rel);
            List<String[]> cells = new ArrayList<>();
            for (int t = 0; t < r.tables.size(); t++) {
                MarkdownTables.Table tb = r.tables.get(t);
                for (int k = 0; k < tb.rows.size(); k++) {
                    String row = MarkdownReport.rowName(tb, tb.rows.get(k), k + 1);
                    for (int c = 1; c < tb.columns.size(); c++) {
                        cells.add(new String[] {String.valueOf(t + 1), row, tb.columns.get(c), tb.caption + " " + tb.section});
                    }
                }
            }
            for (int i = 1; i <= r.lines.size(); i++) {
                cells.add(new String[] {"line", String.valueOf(i), "-", r.lines.get(i - 1)});
            }
            for (String[] cell : cells) {
                List<NumberTokens.Token> numbers = r.cell(cell[0], cell[1], cell[2]);
                for (int from = 1; numbers != null && from <= numbers.size(); from++) {
                    if (holds(f, numbers, from)) {
                        double score = 3 * shared(hint, cell[1].replaceAll(" #\\d+$", "") + " " + cell[2]) + shared(hint, cell[3] + " " + links.get(report))
                                - (cell[0].equals("line") ? 0 : 0.5 * missing(hint, cell[2]))
                                + (cell[0].equals("line") ? 0 : 1) + (from == 1 || f.text.startsWith("(") ? 4 : 0)
                                + (f.ratio != null && numbers.get(from - 1).ratio == f.ratio ? 3 : 0);
                        Cell candidate = new Cell(pf.page, f.where, f.text, rel, cell[0], cell[1], cell[2], String.valueOf(from));
                        if (score > bestScore) {
                            ties.clear();
                            bestScore = score;
                            best = candidate;
                        } else if (score == bestScore) {
                            ties.add(candidate);
                        }
                    }
                }
            }
        }
        ties.forEach(t -> System.out.println("  as likely: " + t));
        return best;
    }

    /**
     * The words of a figure's hint, each weighted by its nearness: in prose the word next to the
     * figure weighs 5, one six words away 1.7; in a table every word of its row label and header 3.
     */
    private static Map<String, Double> weights(Figure f) {
        Map<String, Double> weights = new HashMap<>();
        String hint = f.hint.replaceAll(" #\\d+$", "");
        int bar = hint.indexOf(" | ");
        List<String> before = words(bar < 0 ? hint : hint.substring(0, bar));
        List<String> after = bar < 0 ? List.of() : words(hint.substring(bar + 3));
        boolean table = f.where.contains(" | ");
        for (int i = 0; i < before.size(); i++) {
            weights.merge(before.get(i), table ? 3 : 1 + 4.0 / (before.size() - i), Math::max);
        }
        for (int i = 0; i < after.size(); i++) {
            weights.merge(after.get(i), table ? 3 : 1 + 4.0 / (i + 1), Math::max);
        }
        return weights;
    }

    private static double shared(Map<String, Double> hint, String text) {
        return new HashSet<>(words(text)).stream().mapToDouble(w -> hint.getOrDefault(w, 0.0)).sum();
    }

    private static long missing(Map<String, Double> hint, String text) {
        return new HashSet<>(words(text)).stream().filter(w -> !hint.containsKey(w)).count();
    }

    private static List<String> words(String s) {
        List<String> words = new ArrayList<>();
        for (String w : s.toLowerCase(Locale.ROOT).split("[^\\p{L}\\d]+")) {
            if (!w.isEmpty() && !COMMON.contains(w)) {
                words.add(w);
            }
        }
        return words;
    }

    /** Binds the new figures, writes the file, and lists what FigureCheck finds; exits 1 if anything. */
    public static void main(String[] args) throws IOException {
        Path root = Paths.get(args.length > 0 ? args[0] : ".").toAbsolutePath().normalize();
        Files.write(root.resolve(FILE), new FigureCells(root).bind(read(root.resolve(FILE))).getBytes(StandardCharsets.UTF_8));
        List<String> problems = FigureCheck.problems(root);
        problems.forEach(System.out::println);
        System.out.println(FILE + " written; " + problems.size() + " figure problem(s)");
        System.exit(problems.isEmpty() ? 0 : 1);
    }
}
