package dev.deflateaccel.lab.efficiency;

import java.util.List;

/**
 * Which side measures first in each repetition: C then agent in odd repetitions, agent then C in
 * even ones. Alternating cancels a steady drift of the machine (a neighbour starting, a CPU
 * warming up) that would otherwise always favour the side that runs first.
 */
public final class InterleavedSchedule {
    private static final List<Side> C_FIRST = List.of(Side.C, Side.AGENT);
    private static final List<Side> AGENT_FIRST = List.of(Side.AGENT, Side.C);

    private InterleavedSchedule() {
    }

    /** @param repetition 1-based */
    public static List<Side> order(int repetition) {
        if (repetition < 1) {
            throw new IllegalArgumentException("repetitions count from 1: " + repetition);
        }
        return repetition % 2 == 1 ? C_FIRST : AGENT_FIRST;
    }

    /** "C-A" or "A-C", for the per-repetition table. */
    public static String describe(int repetition) {
        return order(repetition).get(0) == Side.C ? "C-A" : "A-C";
    }
}
