package dev.deflateaccel.lab.node;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import dev.deflateaccel.lab.tools.Spread;

/**
 * Decides whether a difference between the agent's node and the stock node is real, from rounds
 * in which both ran, in alternating order (A-B, then B-A: A-B-B-A). A difference counts only when
 * (1) it has the same direction in rounds of both orders - so it is not the advantage of running
 * first or second - and (2) the medians differ by more than the spread between runs of the same
 * side, i.e. more than the machine's own noise; and (3) there were at least {@value #MIN_ROUNDS}
 * rounds. Otherwise it is "within noise". Two rounds once judged a 0.85x load rate "real" on a
 * fresh clone, where more rounds could not confirm it: with two, each side's spread rests on two
 * samples, and one disturbed run on a shared machine can both move a median and narrow the spread.
 */
final class Verdict {

    /** Fewest rounds (both sides each) on which a difference may be called real. */
    static final int MIN_ROUNDS = 3;

    /** How a measurement reads: a duration (ratio stock/agent as "faster"), a cost or rate (agent/stock), a size. */
    enum Kind {
        TIME, RATIO, SIZE
    }

    /** Both sides' values of one measurement in one round, and which side ran first. */
    static final class Round {
        final double agent;
        final double stock;
        final boolean agentFirst;

        Round(double agent, double stock, boolean agentFirst) {
            this.agent = agent;
            this.stock = stock;
            this.agentFirst = agentFirst;
        }
    }

    /** The judgement of one measurement. */
    static final class Finding {
        final String name;
        final Kind kind;
        /** agent / stock per round: median and range. */
        final Spread ratio;
        final boolean real;
        final String why;

        Finding(String name, Kind kind, Spread ratio, boolean real, String why) {
            this.name = name;
            this.kind = kind;
            this.ratio = ratio;
            this.real = real;
            this.why = why;
        }

        /** "compaction 1.9× faster (1.8-2.0 across runs)", "CPU per op 0.80× (0.75-0.85 across runs)", "same size". */
        String phrase() {
            if (kind == Kind.SIZE && (!real || Math.abs(ratio.median - 1) < 0.01)) {
                return "same size";
            }
            if (!real) {
                return name + " within noise";
            }
            if (kind == Kind.TIME) {
                // agent/stock < 1 means the agent took less time: say how many times faster.
                double factor = 1 / ratio.median;
                boolean faster = factor >= 1;
                double lo = 1 / ratio.max;
                double hi = 1 / ratio.min;
                return faster
                        ? fmt("%s %.1f× faster (%.1f-%.1f across runs)", name, factor, lo, hi)
                        : fmt("%s %.1f× slower (%.1f-%.1f across runs)", name, 1 / factor, 1 / hi, 1 / lo);
            }
            return fmt("%s %.2f× (%.2f-%.2f across runs)", name, ratio.median, ratio.min, ratio.max);
        }
    }

    private Verdict() {
    }

    static Finding judge(String name, Kind kind, List<Round> rounds) {
        List<Double> ratios = new ArrayList<>();
        List<Double> agent = new ArrayList<>();
        List<Double> stock = new ArrayList<>();
        boolean agentFirstSeen = false;
        boolean stockFirstSeen = false;
        int up = 0;
        int down = 0;
        for (Round r : rounds) {
            ratios.add(r.agent / r.stock);
            agent.add(r.agent);
            stock.add(r.stock);
            agentFirstSeen |= r.agentFirst;
            stockFirstSeen |= !r.agentFirst;
            up += r.agent > r.stock ? 1 : 0;
            down += r.agent < r.stock ? 1 : 0;
        }
        Spread ratio = Spread.of(ratios);
        if (!agentFirstSeen || !stockFirstSeen) {
            return new Finding(name, kind, ratio, false, "not run in both orders");
        }
        if (up != rounds.size() && down != rounds.size()) {
            return new Finding(name, kind, ratio, false, "the two orders disagree on the direction");
        }
        if (rounds.size() < MIN_ROUNDS) {
            return new Finding(name, kind, ratio, false, fmt("%d rounds: at least %d are needed to call a difference"
                    + " real", rounds.size(), MIN_ROUNDS));
        }
        Spread a = Spread.of(agent);
        Spread s = Spread.of(stock);
        double difference = Math.abs(a.median - s.median);
        double noise = Math.max(a.width(), s.width());
        if (difference <= noise) {
            return new Finding(name, kind, ratio, false, fmt("difference %.3g is not above the spread of one side's"
                    + " runs, %.3g", difference, noise));
        }
        return new Finding(name, kind, ratio, true, fmt("same direction in both orders; difference %.3g above the"
                + " spread %.3g", difference, noise));
    }

    /** The one-line verdict: the findings' phrases joined, e.g. "compaction 1.9× faster (...), CPU per op 0.80× (...), same size". */
    static String line(List<Finding> findings) {
        return findings.stream().map(Finding::phrase).collect(Collectors.joining(", "));
    }

    private static String fmt(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
