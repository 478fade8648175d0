package dev.deflateaccel.lab.claims;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
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
 * Holds every figure of README.md and docs/*.md to its cell in docs/figures.tsv ({@link FigureCells}):
 * a figure passes when its numbers are the cell's, each rounded to the figure's decimals, the cell's
 * report is linked by the figure's block (or the block it belongs to, see {@link DocBlock}), that
 * report does not warn that the machine was busy, and it records other processes' CPU or the block
 * says it does not with {@value #NOT_RECORDED_MARK}. A figure with no cell fails, and so does one
 * changed by its last digit or copied from another row, column or report. Where no report is linked,
 * a bare number (a version, a setting's default) is not a figure; one with a unit still is. A derived figure (a
 * ratio of two medians, a scaled value) has its cell in a derived file the lab wrote.
 */
public final class FigureCheck {
    /** What a block says when a report it rests on has no line on other processes' CPU. */
    public static final String NOT_RECORDED_MARK = "(other processes' CPU not recorded)";

    /** A figure with its page, the reports its block links, and the block's text (with the block it belongs to). */
    static final class PageFigure {
        final String page;
        final Figure figure;
        final Set<Path> reports;
        final String text;

        PageFigure(String page, Figure figure, Set<Path> reports, String text) {
            this.page = page;
            this.figure = figure;
            this.reports = reports;
            this.text = text;
        }
    }

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
            List<String> pages = new ArrayList<>(List.of("README.md"));
            docs.map(p -> "docs/" + p.getFileName()).filter(p -> p.endsWith(".md")).sorted().forEach(pages::add);
            return pages;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every figure of every page, read from disk. */
    List<PageFigure> figures() {
        List<PageFigure> all = new ArrayList<>();
        for (String page : pages(root)) {
            all.addAll(figures(page, ReportEvidence.read(root.resolve(page))));
        }
        return all;
    }

    /** A page's figures, each place made unique on the page by "#2", "#3" for repeats. */
    List<PageFigure> figures(String page, String markdown) {
        Path pageDir = root.resolve(page).getParent();
        List<PageFigure> figures = new ArrayList<>();
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
            for (Figure f : blocks.computeIfAbsent(block.firstLine + "\n" + block.text(), k -> Figure.in(block))) {
                if (named.isEmpty() && f.ratio == null) {
                    continue; // a version or a setting: without a report, only a number with a unit is a figure
                }
                f.where = f.place;
                for (int k = 2; !places.add(f.where); k++) {
                    f.where = f.place + " #" + k;
                }
                figures.add(new PageFigure(page, f, named, text));
            }
        }
        return figures;
    }

    /** Every page's problems. */
    public static List<String> problems(Path root) {
        FigureCheck check = new FigureCheck(root);
        List<String> problems = new ArrayList<>();
        for (String page : pages(check.root)) {
            problems.addAll(check.problems(page, ReportEvidence.read(check.root.resolve(page))));
        }
        return problems;
    }

    /** One page's problems, from its text (the page as it would be), and its lines of the file that no figure has now. */
    public List<String> problems(String page, String markdown) {
        List<PageFigure> figures = figures(page, markdown);
        List<String> problems = problems(figures);
        Set<String> places = figures.stream().map(pf -> FigureCells.key(pf.page, pf.figure.where)).collect(Collectors.toSet());
        cells.values().stream().filter(c -> c.page.equals(page) && !places.contains(FigureCells.key(c.page, c.where)))
                .forEach(c -> problems.add(page + ": \"" + c.figure + "\" (at \"" + c.where + "\" in " + FigureCells.FILE
                        + ") is gone: run FigureCells if that is meant"));
        return problems;
    }

    private List<String> problems(List<PageFigure> figures) {
        List<String> problems = new ArrayList<>();
        for (PageFigure pf : figures) {
            String at = pf.page + ":" + pf.figure.line + ": \"" + pf.figure.text + "\" ";
            FigureCells.Cell cell = cells.get(FigureCells.key(pf.page, pf.figure.where));
            if (cell == null) {
                problems.add(at + "has no cell in " + FigureCells.FILE + " (at \"" + pf.figure.where + "\"): run FigureCells");
                continue;
            }
            if (!cell.measured()) {
                if (cell.table.startsWith(FigureCells.UNSAID)) {
                    problems.add(at + "has no cell and no reason in " + FigureCells.FILE + ": " + cell.table);
                }
                continue;
            }
            Path report = root.resolve(cell.report).normalize();
            LoadRecord load = loads.computeIfAbsent(report, FigureCheck::load);
            if (!pf.reports.contains(report)) {
                problems.add(at + "comes from " + cell.report + ", which its paragraph, item or caption does not link");
            } else if (load == LoadRecord.BUSY) {
                problems.add(at + "rests on " + cell.report + ", which warns that the machine was busy");
            } else if (load == LoadRecord.NOT_RECORDED && !pf.text.contains(NOT_RECORDED_MARK)) {
                problems.add(at + "rests on " + cell.report + ", which does not record other processes' CPU; say "
                        + NOT_RECORDED_MARK + " beside it or drop it");
            }
            List<NumberTokens.Token> numbers = reports.numbers(cell);
            if (!FigureCells.holds(pf.figure, numbers, cell.from)) {
                problems.add(at + "is not its cell, " + cell + (numbers == null ? ", which the report does not have"
                        : ", which holds " + numbers.stream().map(t -> t.value.toPlainString()).collect(Collectors.toList())));
            }
        }
        return problems;
    }

    /** A report's load record; a derived file's is the worst of the reports it was derived from, which it links. */
    private static LoadRecord load(Path report) {
        String text = ReportEvidence.read(report);
        if (!report.getFileName().toString().endsWith(".derived.md")) {
            return LoadRecord.of(text);
        }
        LoadRecord load = LoadRecord.QUIET;
        for (Path source : ReportLinks.in(text, report.getParent())) {
            load = load.worse(LoadRecord.of(ReportEvidence.read(source)));
        }
        return load;
    }

    /** Run from the repository to list what fails before a commit: {@code java -cp lab/target/classes dev.deflateaccel.lab.claims.FigureCheck} */
    public static void main(String[] args) {
        List<String> problems = problems(Paths.get(args.length > 0 ? args[0] : "."));
        problems.forEach(System.out::println);
        System.out.println(problems.size() + " figure problem(s)");
        System.exit(problems.isEmpty() ? 0 : 1);
    }
}
