package dev.deflateaccel.claims;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Holds every figure of README.md and docs/*.md to its cell ({@link FigureCells}): its numbers must be
 * the cell's, each rounded to the figure's decimals; the cell's report linked by the figure's block
 * (or the block it belongs to, see {@link DocBlock}), not warning of a busy machine, and recording
 * other processes' CPU unless the block says {@value #NOT_RECORDED_MARK}. Where no report is linked,
 * a bare number (a version, a default) is not a figure; one with a unit still is.
 */
public final class FigureCheck {
    /** What a block says when a report it rests on has no line on other processes' CPU. */
    public static final String NOT_RECORDED_MARK = "(other processes' CPU not recorded)";

    private final Path root;
    private final Map<String, FigureCells.Cell> cells;
    private final FigureCells reports;
    private final Map<Path, LoadRecord> loads = new HashMap<>();
    /** What a block links and its figures, by its text: a page changed in one place is read again only there. */
    private final Map<String, Set<Path>> links = new HashMap<>();
    private final Map<String, List<Figure>> blocks = new HashMap<>();

    /** @param root the repository, whose docs/figures.tsv gives the cells */
    public FigureCheck(Path root) {
        this.root = root.toAbsolutePath().normalize();
        this.cells = FigureCells.read(this.root.resolve(FigureCells.FILE));
        this.reports = new FigureCells(this.root);
    }

    /** The pages checked: README.md and every docs/*.md. */
    static List<String> pages(Path root) {
        try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
            return Stream.concat(Stream.of("README.md"), docs.map(p -> "docs/" + p.getFileName()).filter(p -> p.endsWith(".md"))
                    .sorted()).collect(Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every figure of every page, read from disk. */
    List<Figure> figures() {
        return pages(root).stream().flatMap(p -> figures(p, read(root.resolve(p))).stream()).collect(Collectors.toList());
    }

    /** A page's figures, each place made unique on the page by "#2", "#3" for repeats. */
    List<Figure> figures(String page, String markdown) {
        Path pageDir = root.resolve(page).getParent();
        List<Figure> figures = new ArrayList<>();
        Set<String> places = new HashSet<>();
        Set<Path> ownerReports = new LinkedHashSet<>();
        String ownerText = "";
        for (DocBlock block : DocBlock.of(markdown)) {
            Set<Path> named = links.computeIfAbsent(page + "\n" + block.text(), t -> ReportLinks.in(t, pageDir));
            String text = block.text();
            if (named.isEmpty() && (block.table || block.continuation)) {
                named = ownerReports;
                text = ownerText + "\n" + text;
            } else if (!block.table) {
                ownerReports = named;
                ownerText = text;
            }
            for (Figure f : blocks.computeIfAbsent(page + block.firstLine + "\n" + block.text(), k -> Figure.in(block))) {
                if (named.isEmpty() && f.ratio == null) {
                    continue; // a version or a setting: without a report, only a number with a unit is a figure
                }
                f.where = f.place;
                for (int k = 2; !places.add(f.where); k++) {
                    f.where = f.place + " #" + k;
                }
                f.page = page;
                f.reports = named;
                f.block = text;
                figures.add(f);
            }
        }
        return figures;
    }

    /** Every page's problems. */
    public static List<String> problems(Path root) {
        FigureCheck check = new FigureCheck(root);
        return pages(check.root).stream().flatMap(p -> check.problems(p, read(check.root.resolve(p))).stream())
                .collect(Collectors.toList());
    }

    /** One page's problems, from its text (the page as it would be), and its lines of the file that no figure has now. */
    public List<String> problems(String page, String markdown) {
        List<Figure> figures = figures(page, markdown);
        Set<String> places = figures.stream().map(f -> FigureCells.key(f.page, f.where)).collect(Collectors.toSet());
        List<String> problems = new ArrayList<>();
        cells.values().stream().filter(c -> c.page.equals(page) && !places.contains(FigureCells.key(c.page, c.where)))
                .forEach(c -> problems.add(page + ": \"" + c.figure + "\" (at \"" + c.where + "\" in " + FigureCells.FILE
                        + ") is gone: run FigureCells if that is meant"));
        for (Figure f : figures) {
            String at = f.page + ":" + f.line + ": \"" + f.text + "\" ";
            FigureCells.Cell cell = cells.get(FigureCells.key(f.page, f.where));
            if (cell == null) {
                problems.add(at + "has no cell in " + FigureCells.FILE + " (at \"" + f.where + "\"): run FigureCells");
                continue;
            }
            if (cell.report.equals("-")) {
                if (cell.table.startsWith(FigureCells.UNSAID)) {
                    problems.add(at + "has no cell and no reason in " + FigureCells.FILE + ": " + cell.table);
                }
                continue;
            }
            Path report = root.resolve(cell.report).normalize();
            LoadRecord load = loads.computeIfAbsent(report, FigureCheck::load);
            if (!f.reports.contains(report)) {
                problems.add(at + "comes from " + cell.report + ", which its paragraph, item or caption does not link");
            } else if (load == LoadRecord.BUSY) {
                problems.add(at + "rests on " + cell.report + ", which warns that the machine was busy");
            } else if (load == LoadRecord.NOT_RECORDED && !f.block.contains(NOT_RECORDED_MARK)) {
                problems.add(at + "rests on " + cell.report + ", which does not record other processes' CPU; say "
                        + NOT_RECORDED_MARK + " beside it or drop it");
            }
            List<NumberTokens.Token> numbers = reports.numbers(cell);
            if (!FigureCells.holds(f, numbers, cell.from)) {
                problems.add(at + "is not its cell, " + cell + (numbers == null ? ", which the report does not have"
                        : ", which holds " + numbers.stream().map(t -> t.value.toPlainString()).collect(Collectors.toList())));
            }
        }
        return problems;
    }

    /** A report's load record; a derived file's is the worst of the reports it was derived from, which it links. */
    private static LoadRecord load(Path report) {
        String text = read(report);
        return !report.toString().endsWith(".derived.md") ? LoadRecord.of(text) : ReportLinks.in(text, report.getParent())
                .stream().map(p -> LoadRecord.of(read(p))).reduce(LoadRecord.QUIET, LoadRecord::worse);
    }

    static String read(Path file) {
        try {
            return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
