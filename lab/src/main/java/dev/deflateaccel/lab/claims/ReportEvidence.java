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
    private final List<BigDecimal> numbers;

    private ReportEvidence(Path file, LoadRecord load, List<BigDecimal> numbers) {
        this.file = file;
        this.load = load;
        this.numbers = numbers;
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
        return new ReportEvidence(file, load, NumberTokens.in(text));
    }

    static boolean isDerived(Path file) {
        return file.getFileName().toString().endsWith(".derived.md");
    }

    /**
     * Whether the report holds the figure, rounding aside: some number of the report, rounded to
     * the figure's decimals (half up or half even, the two ways a report may have rounded), is the
     * figure. So 0.58 matches 0.583 and 0.575, and 344 matches 343.5; 0.74 matches no 0.91.
     */
    public boolean holds(BigDecimal figure) {
        int decimals = Math.max(0, figure.scale());
        for (BigDecimal n : numbers) {
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
