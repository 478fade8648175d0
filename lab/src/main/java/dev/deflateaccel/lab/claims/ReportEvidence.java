package dev.deflateaccel.lab.claims;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * One committed report as evidence for the figures that name it: every number it writes (its
 * tables, header and per-run lines are its data) and what it records about the machine's load.
 * A derived file ({@code X.derived.md}, written by the lab's DerivedFigures) is evidence too; its load
 * record is the worst of the reports it was derived from, which it links.
 */
public final class ReportEvidence {
    public final Path file;
    public final LoadRecord load;
    private final List<NumberTokens.Token> numbers;
    /** A derived file writes its ratios bare ("0.98"), so any of its numbers may back a ratio. */
    private final boolean derived;

    private ReportEvidence(Path file, LoadRecord load, List<NumberTokens.Token> numbers, boolean derived) {
        this.file = file;
        this.load = load;
        this.numbers = numbers;
        this.derived = derived;
    }

    public static ReportEvidence of(Path file) {
        String text = read(file);
        LoadRecord load = LoadRecord.of(text);
        if (isDerived(file)) {
            load = LoadRecord.QUIET;
            for (Path source : ReportLinks.in(text, file.getParent())) {
                load = load.worse(LoadRecord.of(read(source)));
            }
        }
        return new ReportEvidence(file, load, NumberTokens.tokens(text), isDerived(file));
    }

    static boolean isDerived(Path file) {
        return file.getFileName().toString().endsWith(".derived.md");
    }

    /**
     * Whether the report holds the figure, rounding aside: some number of the report, rounded to
     * the figure's decimals (half up or half even, the two ways a report may have rounded), is the
     * figure. So 0.58 matches 0.583 and 0.575, and 344 matches 343.5; 0.74 matches no 0.91. And of
     * the same kind: a figure written as a ratio ("0.58×") only a number the report wrote as one
     * ("0.58x"), a figure with another unit ("0.58 ms") only one it did not; a bare figure either.
     */
    public boolean holds(Figure figure) {
        return holds(figure.value, figure.ratio);
    }

    boolean holds(BigDecimal figure, Boolean ratio) {
        int decimals = Math.max(0, figure.scale());
        for (NumberTokens.Token token : numbers) {
            if (ratio != null && !derived && token.ratio != ratio) {
                continue;
            }
            BigDecimal n = token.value;
            if (n.compareTo(figure) == 0
                    || n.setScale(decimals, RoundingMode.HALF_UP).compareTo(figure) == 0
                    || n.setScale(decimals, RoundingMode.HALF_EVEN).compareTo(figure) == 0) {
                return true;
            }
        }
        return false;
    }

    static String read(Path file) {
        try {
            return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
