package dev.deflateaccel.agent;

import java.util.Collections;
import java.util.List;

/**
 * A set of cases the forked child ({@link StockVersusWovenMain}) runs first on the stock
 * DeflateCompressor of each version, then on the woven one.
 */
interface ChildSuite {
    /** The cassandra-all versions to run, in order. */
    List<String> versions();

    /** Case {@code index}, or null past the last. The same index always gives the same case. */
    ChildCase caseAt(int index);

    /** Whether the stock phase should stop before {@code index} (a time or case budget). */
    default boolean budgetSpent(int index, long stockPhaseNanos) {
        return false;
    }

    /**
     * True: every outcome is printed and the parent compares them. False (the fuzzer, whose
     * cases are too many to print): the child compares and prints only the cases that differ.
     */
    boolean printsEveryOutcome();

    /** Lines of statistics about the cases themselves (kinds, counts), printed at the end. */
    default List<String> summary() {
        return Collections.emptyList();
    }
}
