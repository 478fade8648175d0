package dev.deflateaccel.claims;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * Every figure of README.md and docs/*.md is its cell's value (FigureCheck, docs/figures.tsv), and
 * the check can fail: every "N.NN×" of docs/performance.md and README.md shifted by 0.01, and
 * every table figure of docs/performance.md replaced by the same column's figure of another row,
 * each in a copy of the page in memory, makes it fail.
 */
class PerformanceFiguresTest {
    static final Path ROOT = Paths.get("..").toAbsolutePath().normalize();
    private static final Pattern RATIO = Pattern.compile("(?<![\\d.,≤≥] ?)(\\d+\\.\\d\\d)×");

    @Test
    void everyFigureIsItsCell() {
        List<String> problems = FigureCheck.problems(ROOT);
        assertEquals("", String.join("\n", problems), problems.size() + " figure(s) not their cell");
    }

    @Test
    void everyRatioShiftedByOneHundredthFails() {
        FigureCheck check = new FigureCheck(ROOT);
        for (String page : List.of("docs/performance.md", "README.md")) {
            String text = FigureCheck.read(ROOT.resolve(page));
            List<String> passed = new ArrayList<>();
            int mutants = 0;
            Matcher m = RATIO.matcher(text);
            while (m.find()) {
                if (inCode(text, m.start())) {
                    continue;
                }
                String shifted = new java.math.BigDecimal(m.group(1)).add(new java.math.BigDecimal("0.01")).toPlainString();
                String mutant = text.substring(0, m.start(1)) + shifted + text.substring(m.end(1));
                mutants++;
                if (check.problems(page, mutant).isEmpty()) {
                    passed.add(m.group() + " -> " + shifted + "× at offset " + m.start());
                }
            }
            System.out.printf(Locale.ROOT, "%s: %d N.NN× figures shifted by 0.01, %d passed the check%n", page, mutants,
                    passed.size());
            assertTrue(mutants > 10, page + ": only " + mutants + " N.NN× figures");
            assertEquals(List.of(), passed, page + ": shifted figures the check let pass");
        }
    }

    @Test
    void everyTableFigureTakenFromAnotherRowFails() {
        FigureCheck check = new FigureCheck(ROOT);
        String page = "docs/performance.md";
        String[] lines = FigureCheck.read(ROOT.resolve(page)).split("\n", -1);
        List<String> passed = new ArrayList<>();
        int mutants = 0;
        for (int i = 0; i + 1 < lines.length; i++) {
            if (!lines[i].startsWith("| ") || !lines[i + 1].startsWith("| ") || lines[i].contains("---")) {
                continue;
            }
            String[] cells = lines[i].split("\\|", -1);
            String[] next = lines[i + 1].split("\\|", -1);
            for (int c = 2; c < Math.min(cells.length, next.length) - 1; c++) {
                if (!cells[c].matches(".*\\d.*") || NumberTokens.in(cells[c]).equals(NumberTokens.in(next[c]))) {
                    continue;
                }
                String[] moved = cells.clone();
                moved[c] = next[c];
                String[] mutant = lines.clone();
                mutant[i] = String.join("|", moved);
                mutants++;
                if (check.problems(page, String.join("\n", mutant)).isEmpty()) {
                    passed.add((i + 1) + ": column " + c + " \"" + cells[c].trim() + "\" -> \"" + next[c].trim() + "\"");
                }
            }
        }
        System.out.printf(Locale.ROOT, "%s: %d table figures replaced by the next row's, %d passed the check%n", page,
                mutants, passed.size());
        assertTrue(mutants > 100, "only " + mutants + " table figures");
        assertEquals(List.of(), passed, "figures moved from another row that the check let pass");
    }

    /** In a fenced block or a code span: a command or a file name, not a figure. */
    private static boolean inCode(String text, int at) {
        String before = text.substring(0, at);
        int lineStart = before.lastIndexOf('\n') + 1;
        return before.split("\n```", -1).length % 2 == 0
                || before.substring(lineStart).chars().filter(ch -> ch == '`').count() % 2 == 1;
    }
}
