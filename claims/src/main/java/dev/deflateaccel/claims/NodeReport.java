package dev.deflateaccel.claims;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.deflateaccel.lab.tools.MarkdownTables;
import dev.deflateaccel.lab.tools.Spread;

/**
 * A committed node report (RunReport's markdown) read back: its table's medians per configuration
 * column, and per run of a configuration the run line and the agent's counts under it.
 */
final class NodeReport {
    private static final String COMPRESSIONS = "agent: \\w+ ([\\d,]+) compressions";
    private static final String DECOMPRESSIONS = "agent: \\w+ [\\d,]+ compressions / ([\\d,]+) decompressions";

    final Path file;
    final String text;
    private final MarkdownTables.Table table;

    NodeReport(Path file) {
        this.file = file;
        this.text = FigureCheck.read(file);
        this.table = MarkdownTables.of(text).get(0);
    }

    /** The configuration columns, the base (stock) first. */
    List<String> configs() {
        return table.columns.subList(1, table.columns.size());
    }

    /** The median of a row (the first number of its cell) for a configuration column, e.g. "Deflate, stock". */
    double median(String rowLabel, String config) {
        return first(table.cell(rowLabel, config));
    }

    /** The median ratio to the first configuration, from the "ratio" row under a measurement's row. */
    double medianRatio(String rowLabel, String config) {
        List<String> under = table.rows.get(table.rows.indexOf(table.row(rowLabel)) + 1);
        if (!under.get(0).contains("ratio")) {
            throw new IllegalArgumentException("no ratio row under " + rowLabel + " in " + file);
        }
        return first(under.get(table.columns.indexOf(config)));
    }

    /** The run lines of a configuration, in run order, each with the agent line under it if any. */
    List<String> runs(String config) {
        List<String> runs = new ArrayList<>();
        boolean in = false;
        for (String line : text.substring(text.indexOf("Per run")).split("\n")) {
            if (line.startsWith("- ")) {
                in = line.substring(2).equals(config);
            } else if (in && line.startsWith("  - ")) {
                runs.add(line.substring(4));
            } else if (in && line.startsWith("    - ")) {
                runs.set(runs.size() - 1, runs.get(runs.size() - 1) + "\n" + line.trim());
            } else if (line.startsWith("How measured")) {
                break;
            }
        }
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("no runs of " + config + " in " + file);
        }
        return runs;
    }

    /** The median over a configuration's runs of a number each run line carries, e.g. "compaction CPU ([\\d.]+) s". */
    double medianOfRuns(String config, String regex) {
        return medianOfRuns(config, Pattern.compile(regex), m -> NumberTokens.parse(m.group(1)).doubleValue());
    }

    /** The median over a configuration's runs of a value computed from each run line's match. */
    double medianOfRuns(String config, Pattern pattern, Function<Matcher, Double> value) {
        List<Double> values = new ArrayList<>();
        for (String run : runs(config)) {
            Matcher m = pattern.matcher(run);
            if (!m.find()) {
                throw new IllegalArgumentException("no " + pattern + " in a run of " + config + " in " + file);
            }
            values.add(value.apply(m));
        }
        return Spread.of(values).median;
    }

    /** Median compressions and decompressions the agent counted per run of a configuration. */
    double[] agentCounts(String config) {
        return new double[] {medianOfRuns(config, COMPRESSIONS), medianOfRuns(config, DECOMPRESSIONS)};
    }

    static double first(String cell) {
        List<BigDecimal> numbers = NumberTokens.in(cell);
        if (numbers.isEmpty()) {
            throw new IllegalArgumentException("no number in " + cell);
        }
        return numbers.get(0).doubleValue();
    }
}
