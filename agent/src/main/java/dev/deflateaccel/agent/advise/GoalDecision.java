package dev.deflateaccel.agent.advise;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;

/**
 * The choice itself, on plain numbers: which rows are not dominated (no other row is both as small
 * and as cheap), and each {@link Goal}'s answer, the current compressor being a row like any other,
 * so that "keep what you have" is an answer.
 *
 * <p>Rules, stated in the report:
 * <ul>
 * <li>"At a size": within {@link #SIZE_TOLERANCE} of it, widened by the row's sampling margin.</li>
 * <li>"No more CPU": a cost no higher than today's plus both rows' spreads.</li>
 * <li>A tie: rows whose cost (or, for the size goal, size) lies within each other's spread (or
 * sampling margin). Among tied rows: the current compressor first (a change must beat the noise);
 * then, for the CPU goals the smaller output, for the size goal the lower CPU; then the engine more
 * hosts have (stock zlib, libdeflate, igzip, QAT, IAA).</li>
 * </ul>
 */
final class GoalDecision {
    /** "As small as": within 1%. */
    static final double SIZE_TOLERANCE = 0.01;
    static final String TIE_BREAK = "the current compressor first, then the smaller output (for the size goal:"
            + " the lower CPU), then the engine more hosts have (zlib, libdeflate, igzip, QAT, IAA)";

    private final List<Alternative> rows;
    private final Alternative current;
    /** Stock zlib 6's row, or null where it was not measured. */
    private final Alternative zlib6;
    private final CostModel model;

    GoalDecision(List<Alternative> rows, Alternative zlib6, CostModel model) {
        Alternative c = null;
        for (Alternative a : rows) {
            if (a.current) {
                c = a;
            }
        }
        if (c == null) {
            throw new IllegalArgumentException("no current row in " + rows);
        }
        this.rows = Collections.unmodifiableList(new ArrayList<>(rows));
        this.current = c;
        this.zlib6 = zlib6;
        this.model = model;
    }

    int rowCount() {
        return rows.size();
    }

    List<Alternative> rows() {
        return rows;
    }

    Alternative current() {
        return current;
    }

    CostModel model() {
        return model;
    }

    /** Stock zlib 6's row, or null where it was not measured. */
    Alternative zlib6() {
        return zlib6;
    }

    /** Every row, smallest first (then the cheaper). */
    List<Alternative> rowsBySize() {
        List<Alternative> sorted = new ArrayList<>(rows);
        sorted.sort(Comparator.comparingDouble((Alternative a) -> a.bytes).thenComparingDouble(a -> a.cost(model)));
        return sorted;
    }

    /** The rows no other row beats on both size and CPU (medians), the current row always among them. */
    List<Alternative> frontier() {
        List<Alternative> front = new ArrayList<>();
        for (Alternative a : rows) {
            if (a.current || !dominated(a)) {
                front.add(a);
            }
        }
        front.sort(Comparator.comparingDouble((Alternative a) -> a.bytes).thenComparingDouble(a -> a.cost(model)));
        return front;
    }

    boolean dominated(Alternative a) {
        for (Alternative b : rows) {
            if (b != a && b.bytes <= a.bytes && b.cost(model) <= a.cost(model)
                    && (b.bytes < a.bytes || b.cost(model) < a.cost(model))) {
                return true;
            }
        }
        return false;
    }

    GoalAnswer answer(Goal goal) {
        switch (goal) {
            case LEAST_CPU_AT_TODAYS_SIZE:
                return leastCpuWithin(goal, current);
            case LEAST_CPU_AT_ZLIB6_SIZE:
                if (zlib6 == null) {
                    return GoalAnswer.none(goal, "stock zlib 6 could not be measured here");
                }
                return leastCpuWithin(goal, zlib6);
            case SMALLEST_AT_TODAYS_CPU:
            default:
                return smallestAtTodaysCpu(goal);
        }
    }

    private GoalAnswer leastCpuWithin(Goal goal, Alternative sizeOf) {
        List<Alternative> eligible = new ArrayList<>();
        for (Alternative a : rows) {
            if (a.bytes <= sizeOf.bytes * (1 + SIZE_TOLERANCE + a.sizeMargin)) {
                eligible.add(a);
            }
        }
        if (eligible.isEmpty()) {
            return GoalAnswer.none(goal, "no row is as small as " + sizeOf.label);
        }
        Alternative best = Collections.min(eligible, Comparator.comparingDouble(a -> a.cost(model)));
        List<Alternative> tied = new ArrayList<>();
        for (Alternative a : eligible) {
            if (a.cost(model) <= best.cost(model) + best.costSpread(model) + a.costSpread(model)) {
                tied.add(a);
            }
        }
        tied.sort(Comparator.comparing((Alternative a) -> !a.current).thenComparingDouble(a -> a.bytes)
                .thenComparingInt(Alternative::availabilityRank).thenComparingDouble(a -> a.cost(model)));
        return new GoalAnswer(goal, tied.get(0), tied, null);
    }

    private GoalAnswer smallestAtTodaysCpu(Goal goal) {
        List<Alternative> eligible = new ArrayList<>();
        for (Alternative a : rows) {
            if (a.cost(model) <= current.cost(model) + current.costSpread(model) + a.costSpread(model)) {
                eligible.add(a);
            }
        }
        Alternative best = Collections.min(eligible, Comparator.comparingDouble(a -> a.bytes));
        List<Alternative> tied = new ArrayList<>();
        for (Alternative a : eligible) {
            if (a.bytes <= best.bytes * (1 + best.sizeMargin + a.sizeMargin)) {
                tied.add(a);
            }
        }
        tied.sort(Comparator.comparing((Alternative a) -> !a.current).thenComparingDouble(a -> a.cost(model))
                .thenComparingInt(Alternative::availabilityRank).thenComparingDouble(a -> a.bytes));
        return new GoalAnswer(goal, tied.get(0), tied, null);
    }
}
