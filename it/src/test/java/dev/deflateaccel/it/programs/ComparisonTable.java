package dev.deflateaccel.it.programs;

import dev.deflateaccel.it.harness.EngineCounters;
import dev.deflateaccel.it.harness.EngineStats;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/** Prints the two sides' results as aligned columns. */
final class ComparisonTable {

    private static final int LABEL = 34;
    private static final int COLUMN = 38;

    private final List<SideBySideResult> sides;
    private final StringBuilder text = new StringBuilder();

    ComparisonTable(List<SideBySideResult> sides) {
        this.sides = sides;
    }

    String render(SideBySideOptions options) {
        List<String> header = new ArrayList<>();
        sides.forEach(s -> header.add(s.label));
        text.append(fmt("DeflateCompressor table, %d KiB chunks; each node warmed up on %,d other rows first%n%n",
                options.chunkKb, options.warmupRows));
        row("", header);
        row("node start", each(s -> fmt("%.1f s", s.startSeconds)));
        row(fmt("load %,d rows", options.rows), each(s -> fmt("%,.0f rows/s", s.loadRowsPerSecond)));
        row("flush (LZ4 in stock 5.0)", each(s -> fmt("%.1f s", s.flushSeconds)));
        row("major compaction (Deflate)", each(s -> fmt("%.1f s", s.compactionSeconds)));
        row("flush + compaction", each(s -> fmt("%.1f s", s.flushSeconds + s.compactionSeconds)));
        row("SSTable size (Data.db)", each(s -> fmt("%.2f MiB", s.sstableBytes / 1048576.0)));
        row(fmt("mixed 50/50, %d s, %d in flight", options.mixed.toSeconds(), options.concurrency),
                each(s -> fmt("%,.0f ops/s", s.mixedOpsPerSecond)));
        row("  read  p50 / p99", each(s -> fmt("%.2f / %.2f ms", s.readP50, s.readP99)));
        row("  write p50 / p99", each(s -> fmt("%.2f / %.2f ms", s.writeP50, s.writeP99)));
        row("failed requests / wrong reads", each(s -> fmt("%d / %d", s.failures, s.wrongReads)));
        row("read-back check", each(s -> s.dataCheck.length() > COLUMN - 2 ? s.dataCheck.substring(0, COLUMN - 5) + "..." : s.dataCheck));
        for (String direction : EngineStats.DIRECTIONS) {
            engineRows(direction);
        }
        return text.toString();
    }

    /** Per direction, one line per engine that did anything: operations and fallbacks. */
    private void engineRows(String direction) {
        List<List<String>> perSide = new ArrayList<>();
        int height = 1;
        for (SideBySideResult side : sides) {
            List<String> lines = new ArrayList<>();
            if (side.engines == null || !side.engines.agentLoaded()) {
                lines.add("stock (no agent)");
            } else {
                for (String engine : EngineStats.ENGINES) {
                    EngineCounters c = side.engines.get(engine, direction);
                    if (c.operations > 0 || c.fallbacks > 0) {
                        lines.add(fmt("%s %,d ops, %,d fallbacks", engine, c.operations, c.fallbacks));
                    }
                }
                if (lines.isEmpty()) {
                    lines.add("no calls");
                }
            }
            perSide.add(lines);
            height = Math.max(height, lines.size());
        }
        for (int i = 0; i < height; i++) {
            List<String> cells = new ArrayList<>();
            for (List<String> lines : perSide) {
                cells.add(i < lines.size() ? lines.get(i) : "");
            }
            row(i == 0 ? "engines, " + direction : "", cells);
        }
    }

    private List<String> each(Function<SideBySideResult, String> cell) {
        List<String> cells = new ArrayList<>();
        sides.forEach(s -> cells.add(cell.apply(s)));
        return cells;
    }

    private void row(String label, List<String> cells) {
        text.append(pad(label, LABEL));
        cells.forEach(c -> text.append(pad(c, COLUMN)));
        text.append('\n');
    }

    private static String pad(String s, int width) {
        return s.length() >= width ? s + " " : s + " ".repeat(width - s.length());
    }

    private static String fmt(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
