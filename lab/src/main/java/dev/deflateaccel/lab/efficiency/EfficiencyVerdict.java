package dev.deflateaccel.lab.efficiency;

import java.util.List;

import dev.deflateaccel.lab.tools.Numbers;
import dev.deflateaccel.lab.tools.Spread;

/**
 * Issue 12's target for one engine and direction: the median over at least 5 interleaved
 * repetitions of (agent MB/s / C MB/s) is at least 0.95. Fewer repetitions give numbers but no
 * verdict.
 */
public final class EfficiencyVerdict {
    public static final double TARGET = 0.95;
    public static final int MIN_REPETITIONS = 5;

    public final Spread ratio;
    public final Spread cMbps;
    public final Spread agentMbps;

    public EfficiencyVerdict(List<RepetitionSample> samples) {
        if (samples.isEmpty()) {
            throw new IllegalArgumentException("no repetitions");
        }
        this.ratio = Spread.of(samples.stream().mapToDouble(RepetitionSample::ratio).toArray());
        this.cMbps = Spread.of(samples.stream().mapToDouble(s -> s.c.median).toArray());
        this.agentMbps = Spread.of(samples.stream().mapToDouble(s -> s.agent.median).toArray());
    }

    public boolean conclusive() {
        return ratio.count >= MIN_REPETITIONS;
    }

    public boolean meetsTarget() {
        return ratio.median >= TARGET;
    }

    public String describe() {
        if (!conclusive()) {
            return "no verdict: " + ratio.count + " repetition(s), at least " + MIN_REPETITIONS + " needed";
        }
        return meetsTarget() ? "meets ≥ " + TARGET : "**misses** ≥ " + TARGET + " (" + Numbers.percent(ratio.median)
                + " of C)";
    }
}
