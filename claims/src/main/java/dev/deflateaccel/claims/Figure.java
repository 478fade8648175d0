package dev.deflateaccel.claims;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A figure on a page: a number with a unit that measures (×, x, ns, µs, ms, s, MB/s, MiB/s, MiB,
 * %, million) with the range that goes with it ("0.55-0.70×", "0.58× (0.55-0.70)"), a number with
 * a range in brackets ("1329 (1324–1332)"), a range in brackets on its own, a decimal anywhere in prose, or any number in a table's cells after the
 * first column. Numbers with no such unit (16 KiB chunks, 3 repetitions, issue 19, 2 cores)
 * describe the setup, and a target written "≤ 0.72" or "≥ 0.95" is a goal; neither is a figure.
 * Each figure has a place on its page, {@link #where}, by which docs/figures.tsv gives its cell.
 */
public final class Figure {
    private static final String N = NumberTokens.NUMBER;
    private static final String UNIT = "(×|x(?![A-Za-z])|µs|us(?![A-Za-z])|ms(?![A-Za-z])|ns(?![A-Za-z])|MB/s|MiB/s"
            + "|MiB(?![A-Za-z])|s(?![A-Za-z])|%|\\s?million)";
    private static final String RANGE_AFTER = "(?:\\s?\\((" + N + ")\\s?[-–]\\s?(" + N + ")\\))?";
    /** A number with its unit, either end of a range before the unit, and a bracketed range after it. */
    private static final Pattern WITH_UNIT =
            Pattern.compile("(?<![\\w.,])(" + N + ")(?:\\s?[-–]\\s?(" + N + "))?\\s?" + UNIT + RANGE_AFTER);
    /** In a table's cells the unit may be left to the column's header. */
    private static final Pattern TABLE_NUMBER =
            Pattern.compile("(?<![\\w.,])(" + N + ")(?:\\s?[-–]\\s?(" + N + "))?" + UNIT + "?" + RANGE_AFTER);
    /**
     * A decimal in prose ("predicted over measured 0.98"), a figure too, unless it is a version:
     * followed by another ".digit" (5.0.9) or after a product's name ("a 5.0 node" is Cassandra's).
     */
    private static final Pattern DECIMAL = Pattern.compile(
            "(?<![\\w.,])(?<!Cassandra )(?<!ISA-L )(?<!libdeflate )(\\d+\\.\\d+)(?![.\\d])(?! node)");
    /** A target, not a measurement: "≤ 0.72", "≥ 0.95". The sign marks one, so a target is never checked. */
    private static final Pattern TARGET = Pattern.compile("[≤≥] ?" + N + "[×%]?");
    /** A median and its range with the unit left to the sentence: "1329 (1324–1332) against ...". */
    private static final Pattern WITH_RANGE = Pattern.compile("(?<![\\w.,])(?<!igzip )(?<!Zstd )(" + N + ")\\s?\\((" + N + ")\\s?[-–]\\s?(" + N + ")\\)");
    /** A range in brackets ("(0.80-1.60)"), or bare where its unit is said before it ("stock 295-319 µs, libdeflate 211-271"). */
    private static final Pattern BRACKETED_RANGE = Pattern.compile("\\((" + N + ")\\s?[-–]\\s?(" + N + ")\\)|(?<![\\w.,–-])("
            + N + ")\\s?[-–]\\s?(" + N + ")(?![\\w–-]|[.,]\\d)");
    private static final Pattern CODE_SPAN = Pattern.compile("`[^`\n]*`");
    private static final Pattern LINK_TARGET = Pattern.compile("\\]\\([^)]*\\)");
    private static final Pattern COMMENT = Pattern.compile("(?s)<!--.*?-->");
    private static final Pattern ANY_NUMBER = Pattern.compile(N);

    public final String text;
    /** Its numbers in the order written: the value, then a range's ends. */
    public final List<BigDecimal> values = new ArrayList<>();
    public final int line;
    /** Written as a ratio ("0.58×"): true; with another unit ("344 µs"): false; without one: null. */
    public final Boolean ratio;
    /**
     * Its place on the page, free of its own value: a table figure's row label and column header,
     * a prose figure's six preceding words with their numbers written #; "#2" on for a repeated place.
     */
    public String where;
    /** {@link #where} before it was made unique on its page. */
    final String place;
    /** The words to find its cell by: a table figure's place; a prose figure's 12 words before it, " | ", 6 after. */
    final String hint;
    /** Its page, the reports its block (or the block it belongs to) links, and that block's text: FigureCheck's. */
    String page;
    Set<Path> reports;
    String block;

    private Figure(Matcher m, int numbers, String unit, int line, String where, String hint) {
        this.text = m.group().trim();
        for (int g = 1; g <= m.groupCount(); g++) {
            if (m.group(g) != null && (g <= numbers || g > numbers + 1)) {
                values.add(NumberTokens.parse(m.group(g)));
            }
        }
        this.line = line;
        this.ratio = unit == null ? null : Boolean.valueOf(unit.equals("×") || unit.equals("x"));
        this.where = where;
        this.place = where;
        this.hint = hint;
    }

    /** The figures of a block, each with its line on the page and its place (not yet unique on the page). */
    public static List<Figure> in(DocBlock block) {
        List<Figure> figures = new ArrayList<>();
        StringBuilder before = new StringBuilder();
        List<String> header = null;
        for (int i = 0; i < block.lines.size(); i++) {
            String line = blank(TARGET, prose(block.lines.get(i)));
            int lineNo = block.firstLine + i;
            if (block.table) {
                List<String> cells = Arrays.asList(line.trim().replaceAll("^\\||\\|$", "").split("(?<!\\\\)\\|", -1));
                if (header == null) {
                    header = cells;
                } else if (!line.trim().matches("\\|[\\s|:-]+\\|")) {
                    for (int c = 0; c < cells.size(); c++) {
                        String place = (cells.get(0).trim() + " | " + (c < header.size() ? header.get(c).trim() : "")).replace("*", "");
                        add(c == 0 ? WITH_UNIT : TABLE_NUMBER, cells.get(c), lineNo, null, place, figures);
                    }
                }
                continue;
            }
            String rest = add(WITH_UNIT, line, lineNo, before, null, figures);
            rest = add(WITH_RANGE, rest, lineNo, before, null, figures);
            rest = add(BRACKETED_RANGE, rest, lineNo, before, null, figures);
            add(DECIMAL, rest, lineNo, before, null, figures);
            before.append(line).append(' ');
        }
        return figures;
    }

    /** Adds the figures {@code p} finds; returns the text with them blanked, for the next pattern. */
    private static String add(Pattern p, String text, int line, StringBuilder before, String place, List<Figure> figures) {
        Matcher m = p.matcher(text);
        int numbers = p == WITH_UNIT || p == TABLE_NUMBER ? 2 : m.groupCount();
        while (m.find()) {
            String unit = numbers < m.groupCount() ? m.group(numbers + 1) : null;
            String ahead = before + text.substring(0, m.start());
            String where = place != null ? place : words(ANY_NUMBER.matcher(ahead.replace("*", "")).replaceAll("#"), -6);
            String hint = place != null ? place : words(ahead, -12) + " | " + words(text.substring(m.end()), 6);
            figures.add(new Figure(m, numbers, unit, line, where, hint));
        }
        return blank(p, text);
    }

    /** The first {@code n} words of a text, or its last {@code -n}. */
    private static String words(String text, int n) {
        List<String> words = Arrays.asList(text.trim().split("\\s+"));
        return String.join(" ", n > 0 ? words.subList(0, Math.min(n, words.size())) : words.subList(Math.max(0, words.size() + n), words.size()));
    }

    private static String blank(Pattern p, String text) {
        return p.matcher(text).replaceAll(m -> " ".repeat(m.group().length()));
    }

    /** What a reader reads: no code spans (commands, file names), no link targets, no comments. */
    static String prose(String line) {
        return COMMENT.matcher(LINK_TARGET.matcher(CODE_SPAN.matcher(line).replaceAll("")).replaceAll("]"))
                .replaceAll("");
    }
}
