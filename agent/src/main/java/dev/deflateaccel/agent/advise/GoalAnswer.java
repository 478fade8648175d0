package dev.deflateaccel.agent.advise;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/** One goal's answer: the row to run, the rows it tied with, or why there is none. */
final class GoalAnswer {
    final Goal goal;
    /** Null when no row meets the goal (then {@link #none} says why). */
    final Alternative pick;
    /** The rows within each other's spread of the best, the pick first; one row when there was no tie. */
    final List<Alternative> tied;
    final String none;

    GoalAnswer(Goal goal, Alternative pick, List<Alternative> tied, String none) {
        this.goal = goal;
        this.pick = pick;
        this.tied = Collections.unmodifiableList(new ArrayList<>(tied));
        this.none = none;
    }

    static GoalAnswer none(Goal goal, String why) {
        return new GoalAnswer(goal, null, Collections.<Alternative>emptyList(), why);
    }

    boolean keep() {
        return pick != null && pick.current;
    }

    boolean tie() {
        return tied.size() > 1;
    }

    /**
     * One line: the goal, the answer said plainly ("keep LZ4Compressor"), what it changes against
     * the current row (size beside CPU, both ways), and the tie and its rule when there was one.
     */
    String line(Alternative current, CostModel model) {
        StringBuilder b = new StringBuilder(goal.description).append(": ");
        if (pick == null) {
            return b.append("no answer (").append(none).append(")").toString();
        }
        if (pick.current) {
            // The node's current row is named "keep every table as it is" already.
            b.append(current.label.startsWith("keep ") ? current.label : "keep " + current.label);
        } else {
            b.append(pick.label).append(" (").append(change(pick, current, model)).append(")");
        }
        if (tie()) {
            List<String> others = new ArrayList<>();
            for (Alternative a : tied) {
                if (a != pick) {
                    others.add(a.current && !a.label.startsWith("keep ") ? "keeping " + a.label : a.label);
                }
            }
            b.append("; a tie within the measured spread with ").append(String.join(", ", others))
                    .append(", broken by the rule: ").append(GoalDecision.TIE_BREAK);
        }
        return b.toString();
    }

    /** E.g. "-35.0% size (-1.20 GB), +8.40 CPU s/GB (3.10x)": the space it saves beside the CPU it adds. */
    static String change(Alternative a, Alternative current, CostModel model) {
        double size = current.bytes == 0 ? Double.NaN : a.bytes / current.bytes - 1;
        double cpu = a.cost(model) - current.cost(model);
        double ratio = current.cost(model) == 0 ? Double.NaN : a.cost(model) / current.cost(model);
        return String.format(Locale.ROOT, "%s size (%s%s), %+.2f CPU s/GB (%s CPU)", TextReport.percent(size),
                a.bytes >= current.bytes ? "+" : "-", TextReport.bytes(Math.round(Math.abs(a.bytes - current.bytes))), cpu,
                TextReport.ratio(ratio));
    }
}
