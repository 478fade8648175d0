package dev.deflateaccel.lab.claims;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A performance figure on a page: a number with a unit that measures (×, ns, µs, ms, s, MB/s, MiB/s,
 * MiB, %, million), either end of such a range ("0.55-0.70×"), a range in brackets after one
 * ("0.93× (0.90-0.94)"), a decimal anywhere in prose, or any number in a table's cells after
 * the first column. Numbers with no
 * such unit (16 KiB chunks, 3 repetitions, issue 19, 2 cores) describe the setup, and a target
 * written "≤ 0.72" or "≥ 0.95" is a goal; neither is a figure.
 */
public final class Figure {
    private static final String N = NumberTokens.NUMBER;
    private static final String UNIT = "(×|x(?![A-Za-z])|µs|us(?![A-Za-z])|ms(?![A-Za-z])|ns(?![A-Za-z])|MB/s|MiB/s|MiB(?![A-Za-z])"
            + "|s(?![A-Za-z])|%|\\s?million)";
    private static final Pattern TABLE_NUMBER = Pattern.compile("(?<![\\w.,])(" + N + ")" + UNIT + "?");
    private static final Pattern WITH_UNIT =
            Pattern.compile("(?<![\\w.,])(" + N + ")(?:\\s?[-–]\\s?(" + N + "))?\\s?" + UNIT);
    /**
     * A decimal in prose ("predicted over measured 0.98"), a figure too, unless it is a version:
     * followed by another ".digit" (5.0.9) or after a product's name ("a 5.0 node" is Cassandra's).
     */
    private static final Pattern DECIMAL = Pattern.compile(
            "(?<![\\w.,])(?<!Cassandra )(?<!ISA-L )(?<!libdeflate )(\\d+\\.\\d+)(?![.\\d])(?! node)");
    /**
     * A target, not a measurement: "≤ 0.72", "≥ 0.95" (issue 19's targets are in no report). The
     * sign is the convention that marks one, so a target never passes for a measured figure.
     */
    private static final Pattern TARGET = Pattern.compile("[≤≥] ?" + N + "[×%]?");
    private static final Pattern BRACKETED_RANGE = Pattern.compile("\\((" + N + ")\\s?[-–]\\s?(" + N + ")\\)");
    private static final Pattern CODE_SPAN = Pattern.compile("`[^`\n]*`");
    private static final Pattern LINK_TARGET = Pattern.compile("\\]\\([^)]*\\)");
    private static final Pattern COMMENT = Pattern.compile("(?s)<!--.*?-->");

    public final String text;
    public final BigDecimal value;
    public final int line;
    /**
     * Written as a ratio ("0.58×"): true, false with another unit ("344 µs"), null without one
     * (a table's bare number, a decimal in prose), which may be either.
     */
    public final Boolean ratio;

    Figure(String number, String unit, int line) {
        this.text = number + (unit == null ? "" : unit);
        this.value = NumberTokens.parse(number);
        this.line = line;
        this.ratio = unit == null ? null : Boolean.valueOf(unit.equals("×") || unit.equals("x"));
    }

    /** The figures of a block, each with its line on the page. */
    public static List<Figure> in(DocBlock block) {
        List<Figure> figures = new ArrayList<>();
        for (int i = 0; i < block.lines.size(); i++) {
            String line = prose(block.lines.get(i));
            int lineNo = block.firstLine + i;
            line = TARGET.matcher(line).replaceAll("≤");
            if (block.table && i > 0) {
                addTableCells(line, lineNo, figures);
            } else {
                addMatches(WITH_UNIT.matcher(line), 2, lineNo, figures);
                addMatches(BRACKETED_RANGE.matcher(line), 2, lineNo, figures);
                addUnmatchedDecimals(line, lineNo, figures);
            }
        }
        return figures;
    }

    /** What a reader reads: no code spans (commands, file names), no link targets, no comments. */
    static String prose(String line) {
        return COMMENT.matcher(LINK_TARGET.matcher(CODE_SPAN.matcher(line).replaceAll("")).replaceAll("]"))
                .replaceAll("");
    }

    /** Groups 1..numbers are numbers (a range's two ends), the group after them, if any, the unit. */
    private static void addMatches(Matcher m, int numbers, int line, List<Figure> figures) {
        while (m.find()) {
            String unit = m.groupCount() > numbers ? m.group(numbers + 1) : null;
            for (int g = 1; g <= numbers; g++) {
                if (m.group(g) != null) {
                    figures.add(new Figure(m.group(g), unit, line));
                }
            }
        }
    }

    /** The prose decimals the unit patterns did not already take (the same number, once). */
    private static void addUnmatchedDecimals(String line, int lineNo, List<Figure> figures) {
        String rest = BRACKETED_RANGE.matcher(WITH_UNIT.matcher(TARGET.matcher(line).replaceAll(" ")).replaceAll(" "))
                .replaceAll(" ");
        addMatches(DECIMAL.matcher(rest), 1, lineNo, figures);
    }

    private static void addTableCells(String row, int line, List<Figure> figures) {
        String trimmed = row.trim();
        if (trimmed.matches("\\|[\\s|:-]+\\|")) {
            return; // the separator row
        }
        String[] cells = trimmed.substring(1).split("(?<!\\\\)\\|");
        addMatches(WITH_UNIT.matcher(cells[0]), 2, line, figures); // a row's label: "(stock 253 µs)"
        for (int c = 1; c < cells.length; c++) {
            addMatches(TABLE_NUMBER.matcher(cells[c]), 1, line, figures);
        }
    }

    @Override
    public String toString() {
        return text;
    }
}
