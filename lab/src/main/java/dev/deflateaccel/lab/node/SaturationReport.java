package dev.deflateaccel.lab.node;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** What the saturation report shows (RunReport writes it). */
final class SaturationReport {

    private SaturationReport() {
    }

    static RunReport.Definition<SaturationResult> definition(List<Integer> steps, double p99BoundMillis) {
        String bound = String.format(Locale.ROOT, "%.0f ms", p99BoundMillis);
        Metric<SaturationResult> held = new Metric<>("ops/s held (read p99 under " + bound + ")",
                r -> r.held(s -> s.opsPerSecond), false, "%.0f");
        Metric<SaturationResult> cpuHeld = new Metric<>("node CPU us/op there", r -> r.held(s -> s.cpuMicrosPerOp),
                true, "%.0f");
        List<Metric<SaturationResult>> table = new ArrayList<>(List.of(held, cpuHeld,
                new Metric<>("read p99 ms there", r -> r.held(s -> s.readP99), true, "%.1f")));
        for (int c : steps) {
            table.add(new Metric<>(c + " in flight: ops/s", r -> r.at(c).opsPerSecond, false, "%.0f"));
            table.add(new Metric<>(c + " in flight: node CPU us/op", r -> r.at(c).cpuMicrosPerOp, true, "%.0f"));
            table.add(new Metric<>(c + " in flight: read p99 ms", r -> r.at(c).readP99, true, "%.1f"));
        }
        return new RunReport.Definition<>("deflate-accel saturation", table, List.of(cpuHeld, held),
                List.of(cpuHeld, held), null, null,
                r -> r.steps.stream().map(s -> String.format(Locale.ROOT, "%d in flight: %,.0f ops/s, %.0f us CPU/op,"
                        + " read/write p99 %.1f/%.1f ms", s.concurrency, s.opsPerSecond, s.cpuMicrosPerOp, s.readP99,
                        s.writeP99)).collect(Collectors.joining("; ")) + String.format(Locale.ROOT,
                        "; failures %d, wrong reads %d", r.failures, r.wrongReads),
                r -> r.engines.line,
                List.of("load: the steady load's 80% checked point reads / 20% inserts of new points on the"
                                + " time-series table, closed loop: a new request as soon as one answers, at each number"
                                + " in flight in the header for its seconds, one after the other; latency from sending.",
                        "held: the step with the most operations per second whose read p99 stayed under " + bound
                                + "; its node CPU per operation is the process's utime+stime over the step divided by"
                                + " its operations.",
                        "On 2 cores the load client runs beside the node and takes CPU from it, so the throughput"
                                + " understates what the node alone would hold: read CPU per operation first.",
                        "every node: memtable_heap_space 16MiB, compaction_throughput 0MiB/s, as the steady load."));
    }
}
