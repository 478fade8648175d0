package dev.deflateaccel.lab.node;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;

/**
 * Each node report's definition, fed fixed results, writes the same title, table header, rows,
 * rankings, sections and how-measured lines as the report committed under lab/node-results/ that
 * its command produced; only the numbers differ.
 */
class CommittedReportShapeTest {

    static final Path NODE_RESULTS = Paths.get("node-results");
    /**
     * The timeline's CPU-stall signals (NodeTimeline's VcpuStalls), added after the reports above were
     * run: their rows are left out of what is compared with those, and nothing else is.
     */
    static final String VCPU_STALLS = "vcpu ";
    /** The rows of the reads in seconds without a host stop, and the line saying how they are chosen: newer still. */
    static final String HOST_STOP_FREE = "without a host stop";
    /**
     * The how-measured line of the CPU split by thread, reworded when the shared pool's workers joined
     * the request threads (ThreadGroupCpu): compared in neither the older reports nor today's text.
     */
    static final String THREAD_SPLIT = "\"of which ... threads\": the same CPU split by thread name";
    /** The row under each measured row that gives its ratio to the reference configuration. */
    static final String RATIO_ROW = "row: &nbsp;&nbsp;ratio";

    @Test
    void steadyLoad() throws IOException {
        assertSameShape("20261130-172939-steady.md", SteadyReport.DEFINITION, SteadyResult::new, THREAD_SPLIT);
    }

    @Test
    void ingest() throws IOException {
        // The latest ingest report (a profiled one): the earlier ones predate the current how-measured text.
        assertSameShape("20261202-070801-ingest-profiled.md", IngestReport.DEFINITION, IngestResult::new,
                THREAD_SPLIT);
    }

    @Test
    void compactionReads() throws IOException {
        // The latest (6.0 in a memory cgroup, a second compaction at 8 MiB/s): the earlier ones predate the cgroup signals.
        assertSameShape("20261205-081158-compaction-reads.md", CompactionReadsReport.definition(8),
                CompactionReadsResult::new, VCPU_STALLS, HOST_STOP_FREE);
    }

    @Test
    void compactionReadsWithAFixedWindow() throws IOException {
        // 6.0, two unthrottled compactions, 45 s windows, ratios within each variant (compaction_thread_nice).
        assertSameShape("20261205-113710-compaction-reads.md", CompactionReadsReport.definition(1024, 45, true),
                CompactionReadsResult::new, VCPU_STALLS, HOST_STOP_FREE);
    }

    @Test
    void compactionReadsWithAFixedWindowAndOneVariant() throws IOException {
        // The same without --ratio-within-variant: libdeflate against stock's code, both with direct I/O.
        assertSameShape("20261205-123141-compaction-reads.md", CompactionReadsReport.definition(1024, 45, false),
                CompactionReadsResult::new, VCPU_STALLS, HOST_STOP_FREE);
    }

    @Test
    void compactionReadsWithTheSecondsWithoutAHostStop() throws IOException {
        // The first report with every row of today's definition: stock buffered and direct, igzip, libdeflate.
        // It predates only the signals' means over those seconds.
        assertSameShape("20261206-052710-compaction-reads.md", CompactionReadsReport.definition(1024, 45, false),
                CompactionReadsResult::new, CompactionTimeline.STOP_FREE_MEANS);
    }

    @Test
    void compactionReadsWithTheSignalsInTheSecondsWithoutAHostStop() throws IOException {
        // The first report with the signals' means over those seconds: stock-direct, igzip, libdeflate and LZ4.
        assertSameShape("20261206-081446-compaction-reads.md", CompactionReadsReport.definition(1024, 45, false),
                CompactionReadsResult::new);
    }

    @Test
    void saturation() throws IOException {
        List<Integer> steps = List.of(4, 8, 16, 32, 64);
        assertSameShape("20261202-050216-saturation.md", SaturationReport.definition(steps, 20), () -> {
            SaturationResult r = new SaturationResult();
            steps.forEach(c -> r.steps.add(new SaturationResult.Step(c)));
            return r;
        });
    }

    /** The committed report's lines that say what is reported, not what was measured. */
    static List<String> shape(String markdown) {
        List<String> shape = new ArrayList<>();
        String section = "";
        for (String line : markdown.split("\n")) {
            if (line.startsWith("# ") || line.startsWith("Median") || line.startsWith("Rankings")
                    || line.startsWith("Per run") || line.startsWith("How measured") || line.startsWith("| measurement")) {
                section = line;
                shape.add(line);
            } else if (line.startsWith("| ") && !line.startsWith("| ---")) {
                shape.add("row: " + line.substring(2, line.indexOf(" |")));
            } else if (section.startsWith("Rankings") && line.startsWith("- ")) {
                shape.add("ranked: " + line.substring(2, line.lastIndexOf(": ")));
            } else if (section.startsWith("Per run") && line.startsWith("- ")) {
                shape.add("runs of: " + line);
            } else if (section.startsWith("How measured") && line.startsWith("- ")) {
                shape.add(line);
            }
        }
        return shape;
    }

    /**
     * {@code predates}: texts of rows or lines the committed report predates, or has in an older wording;
     * those are not compared (a reworded line is left out of both sides).
     */
    private static <R extends RunResult> void assertSameShape(String committed, RunReport.Definition<R> definition,
                                                            Supplier<R> result, String... predates) throws IOException {
        String expected = Files.readString(NODE_RESULTS.resolve(committed), StandardCharsets.UTF_8);
        Map<SteadyConfig, List<R>> results = new LinkedHashMap<>();
        for (SteadyConfig config : configsOf(expected)) {
            results.put(config, List.of(result.get(), result.get()));
        }
        String markdown = new RunReport<>(definition, results).markdown(List.of("header"));
        List<String> generated = shape(markdown);
        for (String newer : predates) {
            for (int i = generated.size() - 1; i >= 0; i--) {
                if (generated.get(i).contains(newer)) {
                    // A ratio row below a newer row is the newer row's too.
                    while (i + 1 < generated.size() && generated.get(i + 1).equals(RATIO_ROW)) {
                        generated.remove(i + 1);
                    }
                    generated.remove(i);
                }
            }
        }
        List<String> committedShape = shape(expected);
        committedShape.removeIf(line -> Arrays.stream(predates).anyMatch(line::contains));
        assertEquals(String.join("\n", committedShape), String.join("\n", generated));
    }

    /** The configurations of the table's columns, by their labels. */
    private static List<SteadyConfig> configsOf(String markdown) {
        Map<String, SteadyConfig> byLabel = new HashMap<>();
        SteadyConfig.parse(String.join(",", SteadyConfig.names())).forEach(c -> byLabel.put(c.label, c));
        String header = markdown.lines().filter(l -> l.startsWith("| measurement |")).findFirst().orElseThrow();
        List<SteadyConfig> configs = new ArrayList<>();
        for (String label : header.substring("| measurement | ".length(), header.length() - 2).split(" \\| ")) {
            configs.add(byLabel.get(label));
        }
        return configs;
    }
}
