package dev.deflateaccel.claims;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import org.junit.jupiter.api.Test;

/**
 * The performance page's comparisons in words ("in every repetition", "no run overlapping",
 * "beyond the spread", "inside each other's ranges") hold for the ranges written beside them.
 * FigureCheck holds those ranges to their cells; this holds the words to the ranges. A claim's
 * text is found between two phrases of the page, so a claim reworded is missed here and fails
 * too, until its line below is updated.
 */
class ComparisonsInWordsTest {
    static final Path ROOT = Paths.get("..").toAbsolutePath().normalize();
    private static final BigDecimal ONE = BigDecimal.ONE;

    /** A ranged figure's lowest and highest value: its range's two ends. */
    private static BigDecimal low(Figure f) {
        return f.values.get(f.values.size() - 2);
    }

    private static BigDecimal high(Figure f) {
        return f.values.get(f.values.size() - 1);
    }

    private static boolean overlap(Figure a, Figure b) {
        return low(a).compareTo(high(b)) <= 0 && low(b).compareTo(high(a)) <= 0;
    }

    /** The figures with a range written between {@code from} and {@code to} on the page. */
    private static List<Figure> ranges(String page, String from, String to) {
        String text = FigureCheck.read(ROOT.resolve(page)).replaceAll("\n\\s*", " ");
        int start = text.indexOf(from);
        assertTrue(start >= 0, page + " no longer says \"" + from + "\": update the claim here");
        int end = text.indexOf(to, start + from.length());
        assertTrue(end >= 0, page + " no longer says \"" + to + "\" after \"" + from + "\": update the claim here");
        String claim = text.substring(start, end);
        List<Figure> ranged = new ArrayList<>();
        for (Figure f : Figure.in(DocBlock.of(claim).get(0))) {
            if (f.values.size() >= 2) {
                ranged.add(f);
            }
        }
        ranged.sort(java.util.Comparator.comparingInt(f -> claim.indexOf(f.text))); // in the order written
        assertTrue(ranged.size() >= 2, "no ranges to compare after \"" + from + "\"");
        return ranged;
    }

    private static void all(String claim, List<Figure> figures, Predicate<Figure> holds) {
        for (Figure f : figures) {
            assertTrue(holds.test(f), claim + ": not so for " + f.text);
        }
    }

    @Test
    void everyRepetitionOnOneSideOfStock() {
        String page = "docs/performance.md";
        all("p99.9 at 4 MiB/s below stock in every repetition",
                ranges(page, "below stock's in every repetition:", "Read p99 was not"), f -> high(f).compareTo(ONE) < 0);
        all("p99 at 4 MiB/s: one repetition of each worse than stock",
                ranges(page, "Read p99 was not:", "one repetition of each"), f -> high(f).compareTo(ONE) > 0);
        all("unthrottled p99 worse in every repetition",
                ranges(page, "with the fast codecs, in every repetition:", ", as in the"), f -> low(f).compareTo(ONE) > 0);
        all("compaction tuning: p99.9 at 4 MiB/s below stock in every repetition",
                ranges("docs/compaction-tuning.md", "below stock's in every repetition:", "; p99 was"),
                f -> high(f).compareTo(ONE) < 0);
        all("second compaction's p99 above stock in every repetition",
                ranges(page, "was above stock's in every repetition:", ". In the first compaction"),
                f -> low(f).compareTo(ONE) > 0);
    }

    @Test
    void rangesThatDoNotOverlap() {
        String page = "docs/performance.md";
        List<Figure> saturation = ranges(page, "with no run overlapping stock's range (", ").");
        all("at 16 in flight no run overlaps stock's", saturation.subList(1, saturation.size()), f -> !overlap(f, saturation.get(0)));
        List<Figure> rows = ranges(page, "in the re-run igzip 3 (", "were below stock in every run");
        Figure stock = rows.get(1);
        assertEquals(new BigDecimal("348"), low(stock), "stock's range is the second of the sentence");
        all("igzip 3 and LZ4 below stock in every run", List.of(rows.get(0), rows.get(2)), f -> high(f).compareTo(low(stock)) < 0);
        for (String[] span : new String[][] {{"beyond the rounds' spread:", "([report]"},
{"stock zlib at every flush:", "do not overlap"},
                {"stock leaves", "and every other configuration"}}) {
            List<Figure> pairs = ranges(page, span[0], span[1]);
            for (int i = 0; i + 1 < pairs.size(); i += 2) {
                assertTrue(!overlap(pairs.get(i), pairs.get(i + 1)), pairs.get(i).text + " overlaps " + pairs.get(i + 1).text);
            }
        }
    }

    @Test
    void rangesInsideEachOther() {
        List<Figure> flush = ranges("docs/performance.md", "at the same CPU per operation (", "inside each other's ranges");
        assertTrue(overlap(flush.get(0), flush.get(1)), flush.get(0).text + " and " + flush.get(1).text + " do not overlap");
    }
}
