package dev.deflateaccel.lab.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.deflateaccel.harness.NodeTimeline;

/** The second-by-second table, data and plot, on given windows whose slow seconds follow one signal. */
class CompactionTimelineTest {

    @Test
    void rankCorrelationFollowsOrderNotScaleAndSkipsSecondsWithoutAValue() {
        assertEquals(1.0, CompactionTimeline.spearman(new double[] {1, 2, 3, 4, 100}, new double[] {2, 3, 5, 8, 9}), 1e-9);
        assertEquals(-1.0, CompactionTimeline.spearman(new double[] {1, 2, 3, 4, 5, Double.NaN},
                new double[] {9, 8, 3, 2, 1, 50}), 1e-9);
        assertTrue(Double.isNaN(CompactionTimeline.spearman(new double[] {1, 2, 3, 4}, new double[] {1, 2, 3, 4})),
                "under 5 seconds: no correlation");
    }

    @Test
    void theSignalThatRisesWithTheSlowSecondsIsTheCorrelatedOneAndEverySecondIsWritten(@TempDir Path dir)
            throws Exception {
        Map<SteadyConfig, List<CompactionReadsResult>> results = new LinkedHashMap<>();
        List<SteadyConfig> configs = SteadyConfig.parse("stock,igzip");
        // stock: 10 s windows; igzip: 5 s windows whose io pressure doubles; in both, p99 follows io pressure.
        results.put(configs.get(0), List.of(run(10, 1), run(10, 1)));
        results.put(configs.get(1), List.of(run(5, 2), run(5, 2)));
        CompactionTimeline timeline = new CompactionTimeline(results, "1024 MiB/s");

        String section = timeline.section();
        // io pressure: stock's mean over 1..10 is 5.5, igzip's over 2..10 in steps of 2 is 6; r = 1 in every run.
        assertTrue(section.contains("| unthrottled: io pressure some % | 5.50 (5.50-5.50) | 1.00 (1.00-1.00) |"
                + " 6.00 (6.00-6.00) | 1.00 (1.00-1.00) |"), section);
        // The slowest second is the last (0 s before the end): p99 10 ms, io pressure 10%, full 1%; 9 s dirtied nothing.
        assertTrue(section.contains("| unthrottled: stock | 0 (0-0) | 10.00 (10.00-10.00) | 10.00 (10.00-10.00) |"
                + " 1.00 (1.00-1.00) | 1.00 (1.00-1.00) | 1.00 (1.00-1.00) | 1.00 (1.00-1.00) | 1.00 (1.00-1.00) |"
                + " 0.00 (0.00-0.00) |"), section);
        // dirty pages alternate, unrelated to p99's steady rise: r near zero.
        assertTrue(section.contains("| 1024 MiB/s: dirty MiB | 50.00 (50.00-50.00) | 0.17 (0.17-0.17) |"), section);

        timeline.write(dir.resolve("r"));
        List<String> tsv = Files.readAllLines(dir.resolve("r-timeline.tsv"));
        assertEquals(1 + 2 * (10 + 10 + 5 + 5), tsv.size(), "a header and a line per second, run and compaction");
        assertTrue(tsv.get(0).startsWith("configuration\trepetition\tcompaction\tsecond\tread p50 ms\tread p99 ms\t"));
        assertTrue(tsv.contains("igzip\t2\t1024 MiB/s\t5\t" + String.join("\t", line(5, 2))), tsv.toString());
        assertTrue(Files.size(dir.resolve("r-timeline.png")) > 10_000, "the plot");
    }

    @Test
    void theStopFreeMeansTakeOnlyTheSecondsWithoutAStopNorOneJustBefore() {
        Map<SteadyConfig, List<CompactionReadsResult>> results = new LinkedHashMap<>();
        List<SteadyConfig> configs = SteadyConfig.parse("stock,igzip");
        // stock: 6 s, the host stopped the VM in second 3, so seconds 2, 5 and 6 are free (not 1: the meter's first;
        // not 3; not 4, whose reads queued behind the stop): p99 (2 + 5 + 6) / 3. igzip: a stop in every second.
        CompactionReadsResult stopped = run(6, 1);
        stopped.unthrottled.timeline.forEach(s -> s.values.put("vcpu stall ms/s", s.at == 3 ? 100.0 : 0.0));
        results.put(configs.get(0), List.of(stopped));
        results.put(configs.get(1), List.of(run(5, 2)));

        String section = new CompactionTimeline(results, "1024 MiB/s").section();
        assertTrue(section.contains("| unthrottled" + CompactionTimeline.STOP_FREE_MEANS + "read p99 ms | 4.33 | n/a |"),
                section);
        assertTrue(section.contains("| unthrottled" + CompactionTimeline.STOP_FREE_MEANS + "io pressure some % | 4.33 | n/a |"),
                section);
    }

    /** A run whose two windows have {@code seconds} seconds; in second t, io pressure t * scale and p99 t * scale ms. */
    private static CompactionReadsResult run(int seconds, double scale) {
        CompactionReadsResult r = new CompactionReadsResult();
        for (CompactionReadsResult.Phase p : List.of(r.unthrottled, r.throttled)) {
            List<NodeTimeline.Second> timeline = new ArrayList<>();
            p.readP50PerSecond = new double[seconds];
            p.readP99PerSecond = new double[seconds];
            for (int t = 1; t <= seconds; t++) {
                NodeTimeline.Second s = new NodeTimeline.Second(t);
                for (String signal : NodeTimeline.SIGNALS) {
                    s.values.put(signal, 1.0);
                }
                s.values.put("io pressure some %", t * scale);
                s.values.put("dirty MiB", t % 2 == 0 ? 100.0 : 0.0);
                timeline.add(s);
                p.readP50PerSecond[t - 1] = 1;
                p.readP99PerSecond[t - 1] = t * scale;
            }
            p.timeline = timeline;
        }
        return r;
    }

    private static List<String> line(int t, double scale) {
        List<String> cells = new ArrayList<>(List.of("1.000", String.format("%.3f", t * scale)));
        for (String signal : NodeTimeline.SIGNALS) {
            cells.add(signal.equals("io pressure some %") ? String.format("%.3f", t * scale)
                    : signal.equals("dirty MiB") ? (t % 2 == 0 ? "100.000" : "0.000") : "1.000");
        }
        return cells;
    }
}
