package dev.deflateaccel.lab.claims;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Checks the figures of a page against the reports it names. A figure passes when its block (or
 * the block it belongs to, see {@link DocBlock}) links at least one report, none of those reports
 * warns that the machine was busy, each records other processes' CPU or the block says it does
 * not with {@value #NOT_RECORDED_MARK}, and some linked report holds the figure, rounding aside
 * ({@link ReportEvidence#holds}). A derived figure (a ratio of two medians, a scaled value) passes
 * only from a derived file the lab wrote, never from arithmetic in the prose.
 */
public final class FigureCheck {
    /** What a block says when a report it rests on has no line on other processes' CPU. */
    public static final String NOT_RECORDED_MARK = "(other processes' CPU not recorded)";

    private final Path root;
    private final Map<Path, ReportEvidence> reports = new HashMap<>();

    /** @param root the repository, for the paths in the messages */
    public FigureCheck(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    /**
     * The problems of one page, one line each, e.g. {@code docs/performance.md:12: "0.74×" is not
     * in lab/node-results/X.md}; empty when every figure is backed.
     *
     * @param pageName the page as the messages name it
     * @param pageDir the folder its relative links start from
     * @param blocks its blocks, or one section's
     */
    public List<String> problems(String pageName, Path pageDir, List<DocBlock> blocks) {
        List<String> problems = new ArrayList<>();
        Set<Path> ownerReports = new LinkedHashSet<>();
        String ownerText = "";
        for (DocBlock block : blocks) {
            Set<Path> named = ReportLinks.in(block.text(), pageDir.toAbsolutePath());
            String text = block.text();
            if (named.isEmpty() && (block.table || block.continuation)) {
                named = ownerReports;
                text = ownerText + "\n" + text;
            } else if (!block.table) {
                ownerReports = named;
                ownerText = text;
            }
            List<Figure> figures = Figure.in(block);
            if (!figures.isEmpty()) {
                check(pageName, figures, named, text, problems);
            }
        }
        return problems;
    }

    /**
     * The pages whose figures are held to their reports: docs/performance.md, and the README's
     * "Performance, in brief". Run from the repository to list what fails before a commit:
     * {@code java -cp lab/target/classes dev.deflateaccel.lab.claims.FigureCheck}
     */
    public static List<String> performanceDocs(Path root) {
        FigureCheck check = new FigureCheck(root);
        Path page = root.resolve("docs/performance.md");
        List<String> problems = new ArrayList<>(
                check.problems("docs/performance.md", page.getParent(), DocBlock.of(ReportEvidence.read(page))));
        Path readme = root.resolve("README.md");
        problems.addAll(check.problems("README.md", root,
                DocBlock.section(DocBlock.of(ReportEvidence.read(readme)), "## Performance, in brief")));
        return problems;
    }

    public static void main(String[] args) {
        List<String> problems = performanceDocs(Paths.get(args.length > 0 ? args[0] : "."));
        problems.forEach(System.out::println);
        System.out.println(problems.size() + " figure problem(s)");
        System.exit(problems.isEmpty() ? 0 : 1);
    }

    private void check(String page, List<Figure> figures, Set<Path> named, String text, List<String> problems) {
        String at = page + ":" + figures.get(0).line + ": ";
        if (named.isEmpty()) {
            problems.add(at + "figures " + figures + " name no report (link the report in the same paragraph,"
                    + " list item or the caption above the table)");
            return;
        }
        List<ReportEvidence> evidence = named.stream().map(this::evidence).collect(Collectors.toList());
        for (ReportEvidence e : evidence) {
            if (e.load == LoadRecord.BUSY) {
                problems.add(at + "figures " + figures + " rest on " + rel(e.file)
                        + ", which warns that the machine was busy");
            } else if (e.load == LoadRecord.NOT_RECORDED && !text.contains(NOT_RECORDED_MARK)) {
                problems.add(at + "figures " + figures + " rest on " + rel(e.file) + ", which does not record other"
                        + " processes' CPU; say " + NOT_RECORDED_MARK + " beside them or drop them");
            }
        }
        for (Figure f : figures) {
            if (evidence.stream().noneMatch(e -> e.holds(f))) {
                problems.add(page + ":" + f.line + ": \"" + f.text + "\" is not in "
                        + evidence.stream().map(e -> rel(e.file)).collect(Collectors.joining(", ")));
            }
        }
    }

    private ReportEvidence evidence(Path report) {
        return reports.computeIfAbsent(report, ReportEvidence::of);
    }

    private String rel(Path p) {
        Path abs = p.toAbsolutePath().normalize();
        return (abs.startsWith(root) ? root.relativize(abs) : abs).toString().replace('\\', '/');
    }
}
