package dev.deflateaccel.lab.experiment;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The order in which an experiment's configurations run within one repetition. In order: the
 * same every time (one child at a time, each measured once). Alternated: in order in odd
 * repetitions, reversed in even ones (A-B, B-A, A-B...), which cancels a steady drift of the
 * machine (a neighbour starting, a CPU warming up) that would otherwise always favour whoever
 * runs first.
 */
public enum Ordering {
    IN_ORDER,
    ALTERNATED;

    /** @param repetition 1-based */
    public <T> List<T> order(List<T> configurations, int repetition) {
        if (repetition < 1) {
            throw new IllegalArgumentException("repetitions count from 1: " + repetition);
        }
        List<T> ordered = new ArrayList<>(configurations);
        if (this == ALTERNATED && repetition % 2 == 0) {
            Collections.reverse(ordered);
        }
        return ordered;
    }

    /** e.g. "C-A" for the per-repetition table: the first letter of each label, capitalised, in running order. */
    public String describe(List<String> labels, int repetition) {
        StringBuilder text = new StringBuilder();
        for (String label : order(labels, repetition)) {
            text.append(text.length() == 0 ? "" : "-").append(Character.toUpperCase(label.charAt(0)));
        }
        return text.toString();
    }
}
