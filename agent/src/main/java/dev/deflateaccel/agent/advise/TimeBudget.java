package dev.deflateaccel.agent.advise;

import java.util.List;

/**
 * Splits the run's time among the tables by their size (uncompressed bytes), each with a floor so
 * that a small table still gets a sample; recomputed before each table from the time left, so what
 * a table does not use goes to the ones after it.
 */
final class TimeBudget {
    /** Each table's floor, or an equal share when the run is shorter than the floors. */
    static final long FLOOR_NANOS = 1_500_000_000L;

    private TimeBudget() {
    }

    /** Table {@code i}'s deadline, given the run's deadline and the sizes of it and the tables after it. */
    static long deadline(long now, long runDeadline, List<Long> sizes, int i) {
        long left = Math.max(0, runDeadline - now);
        int tables = sizes.size() - i;
        long floor = Math.min(FLOOR_NANOS, left / tables);
        double rest = 0;
        for (int k = i; k < sizes.size(); k++) {
            rest += sizes.get(k);
        }
        double share = rest == 0 ? 1.0 / tables : sizes.get(i) / rest;
        return now + floor + (long) ((left - floor * tables) * share);
    }
}
