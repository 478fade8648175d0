package dev.deflateaccel.lab.node;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ObjDoubleConsumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import dev.deflateaccel.harness.EngineCounters;
import dev.deflateaccel.harness.EngineStats;

/**
 * The side-by-side report, fed the per-run numbers of the committed run of 2026-12-01, prints that
 * run's console text again: the same rows, columns, judgements, engine lines and verdict.
 */
class SideBySideReportTest {

    private static final String COMMITTED = "20261201-231036-side-by-side.txt";
    private static final Pattern NUMBER = Pattern.compile("\\d{1,3}(?:,\\d{3})*(?:\\.\\d+)?");
    private static final Pattern RATIO = Pattern.compile("\\d+\\.\\d\\d \\(\\d+\\.\\d\\d-\\d+\\.\\d\\d\\)");
    private static final Pattern ENGINE = Pattern.compile("(\\w+) ([\\d,]+) ops, ([\\d,]+) fallbacks");

    /** How each table row's numbers go into a result, in the table's order. */
    private static final List<ObjDoubleConsumer<SideBySideResult>> ROWS = List.of(
            (r, v) -> r.load.loadRowsPerSecond = v,
            (r, v) -> r.load.loadCpuMicrosPerRow = v,
            (r, v) -> r.load.flushSeconds = v,
            (r, v) -> r.load.serverCompactSeconds = v,
            (r, v) -> r.load.compactCpuMicrosPerRow = v,
            (r, v) -> r.sstableBytes = Math.round(v * 1048576),
            (r, v) -> r.mixedOpsPerSecond = v,
            (r, v) -> r.mixedCpuMicrosPerOp = v,
            (r, v) -> r.readP99 = v,
            (r, v) -> r.writeP99 = v);

    @Test
    void printsTheCommittedRunAgainFromItsNumbers() throws IOException {
        List<String> committed = Files.readAllLines(CommittedReportShapeTest.NODE_RESULTS.resolve(COMMITTED),
                StandardCharsets.UTF_8);
        // The report's own text: from the table's description to the verdict, without the machine's core note.
        List<String> expected = report(committed.subList(2, committed.size() - 1));
        int rounds = 3;
        List<SideBySideResult> agent = new ArrayList<>();
        List<SideBySideResult> stock = new ArrayList<>();
        for (int i = 0; i < rounds; i++) {
            agent.add(new SideBySideResult());
            stock.add(new SideBySideResult());
        }
        int header = committed.indexOf(committed.stream().filter(l -> l.contains("with agent    ")).findFirst()
                .orElseThrow());
        for (int row = 0; row < ROWS.size(); row++) {
            List<Double> numbers = numbers(committed.get(header + 1 + row).substring(32));
            for (int i = 0; i < rounds; i++) {
                ROWS.get(row).accept(agent.get(i), numbers.get(i));
                ROWS.get(row).accept(stock.get(i), numbers.get(rounds + i));
            }
        }
        for (int i = 0; i < rounds; i++) {
            agent.get(i).dataCheck = "ok";
            stock.get(i).dataCheck = "ok";
            agent.get(i).engines = NodeEngineCheck.of("libdeflate", engines(committed, i + 1),
                    NodeEngineCheck.Requires.BOTH, "");
        }

        String text = new SideBySideReport(agent, stock, List.of(true, false, true)).render(SideBySideOptions.parse(new String[0]));

        assertEquals(String.join("\n", expected), String.join("\n", report(List.of(text.split("\n")))));
    }

    /**
     * The lines to compare: without the machine's core note, and with the ratios' digits masked,
     * because the committed per-run numbers are rounded and that moves a ratio's last digit.
     */
    private static List<String> report(List<String> lines) {
        return lines.stream().filter(l -> !l.startsWith("Only "))
                .map(l -> RATIO.matcher(l).replaceAll(r -> r.group().replaceAll("\\d", "#")))
                .collect(Collectors.toList());
    }

    private static List<Double> numbers(String cells) {
        List<Double> numbers = new ArrayList<>();
        Matcher m = NUMBER.matcher(cells);
        while (m.find()) {
            numbers.add(Double.parseDouble(m.group().replace(",", "")));
        }
        return numbers;
    }

    /** Agent run {@code n}'s engine counters, from its "engines, agent run n, ..." lines. */
    private static EngineStats engines(List<String> committed, int n) {
        Map<String, EngineCounters> counters = new HashMap<>();
        for (String direction : EngineStats.DIRECTIONS) {
            String prefix = "engines, agent run " + n + ", " + direction + ":";
            String line = committed.stream().filter(l -> l.startsWith(prefix)).findFirst().orElseThrow();
            Matcher m = ENGINE.matcher(line.substring(prefix.length()));
            while (m.find()) {
                counters.put(EngineStats.key(m.group(1), direction), new EngineCounters(
                        Long.parseLong(m.group(2).replace(",", "")), 0, 0, 0, Long.parseLong(m.group(3).replace(",", ""))));
            }
        }
        return new EngineStats(counters);
    }
}
