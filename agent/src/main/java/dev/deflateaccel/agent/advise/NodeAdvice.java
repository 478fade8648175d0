package dev.deflateaccel.agent.advise;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The node's answer: the agent's config is node-wide, so one engine and level serves every Deflate
 * table. A node row "X" is every Deflate table on X, and every other table on X too where X itself
 * meets the goal on that table's own rows ({@link #movesAt}), the rest kept as they are; the row
 * "keep" is every table as it is. Sizes add up; CPU s/GB is the tables' mean, each weighted by its
 * size (its uncompressed bytes) or by the weight the operator gave. One config block and the ALTER
 * TABLE lines carry out the chosen goal.
 *
 * <p>No table pays for another's saving: under the CPU goals a Deflate table's CPU must not rise on
 * X (at the median), and another table moves only where X is cheaper for it beyond the spreads;
 * under the size goal the node's CPU must not rise at the median. (A table that gained at its own
 * best level, then put by the block on another level where it lost, was the old rule's mistake.)
 */
final class NodeAdvice {
    /**
     * Said wherever the advice enables an engine (issue 37 item 5): the faster compaction is what
     * operators ask about first, and docs/operations.md says what to set, from the reports it names.
     */
    static final String READS_DURING_COMPACTION = "a faster engine shortens compactions but does not by itself speed"
            + " the reads that meet them: in this project's tests on 5.0 read p99 during an unthrottled compaction"
            + " was higher than stock's with igzip 1 (and with LZ4), its worst moments the disk's flushes, each longer"
            + " as the faster compaction writes more between them; where that matters, keep compaction_throughput at a"
            + " rate that binds, and on Cassandra 6.0 also set compaction_read_disk_access_mode and"
            + " background_write_disk_access_mode to direct; leave compaction_writeback_mib at 0 on every line (pacing"
            + " kept the dirty pages down on 4.1, 5.0 and 6.0 but not igzip 1's read p99 at stock's in every run);"
            + " compaction_thread_nice (10 measured) runs compaction threads below the reads' CPU priority on any line"
            + " (docs/operations.md, \"Reads during compaction\")";

    static final String KEEP = "keep every table as it is";

    final Goal goal;
    final CostModel model;
    /** The sampled tables (one per table and compressor) and their weights. */
    final List<TableAdvice> tables;
    final Map<TableAdvice, Double> weights;
    /** "size (uncompressed bytes)", or where the operator's weights came from. */
    final String weighedBy;
    final Map<Goal, GoalDecision> decisions = new EnumMap<>(Goal.class);
    final Map<Goal, GoalAnswer> answers = new EnumMap<>(Goal.class);
    /** The agent's config lines for the chosen goal; empty when it needs no change. */
    final List<String> configLines;
    /** One sentence on the config block. */
    final String configSummary;
    final List<String> alterTables = new ArrayList<>();
    final List<String> notes = new ArrayList<>();

    NodeAdvice(List<TableAdvice> all, TableWeights operatorWeights, Goal goal, CostModel model) {
        this.goal = goal;
        this.model = model;
        List<TableAdvice> sampled = new ArrayList<>();
        for (TableAdvice t : all) {
            if (t.sampled()) {
                sampled.add(t);
            }
        }
        this.tables = Collections.unmodifiableList(sampled);
        this.weights = weights(sampled, operatorWeights, notes);
        this.weighedBy = operatorWeights == null ? "size (uncompressed bytes)" : operatorWeights.source;
        if (sampled.isEmpty()) {
            configLines = Collections.emptyList();
            configSummary = "no table could be sampled: no answer for the node";
            return;
        }
        for (Goal g : Goal.values()) {
            GoalDecision d = decision(g);
            decisions.put(g, d);
            answers.put(g, d.answer(g));
        }
        GoalAnswer chosen = answers.get(goal);
        if (chosen.pick == null || chosen.pick.current) {
            configLines = Collections.emptyList();
            configSummary = chosen.pick == null ? "no answer for the goal: no change"
                    : "keep what the node has: no change to the agent's config and no ALTER TABLE";
            return;
        }
        Candidate c = candidate(chosen.pick.label);
        configLines = c == null || c.isStock() ? Collections.<String>emptyList() : ConfigLines.of(c);
        if (!configLines.isEmpty()) {
            notes.add(READS_DURING_COMPACTION);
        }
        configSummary = c == null || c.isStock()
                ? "stock zlib 6 for every Deflate table: the agent is not needed for it"
                : "the agent with " + chosen.pick.label + " for every Deflate table";
        Set<String> multi = tablesOfSeveralCompressors();
        for (TableAdvice t : tables) {
            if (!t.isDeflate() && movesAt(t, t.alternative(chosen.pick.label), goal)) {
                if (multi.contains(t.group.ref.key())) {
                    notes.add(t.group.name() + " holds SSTables of several compressors: check its schema before an"
                            + " ALTER TABLE");
                } else {
                    alterTables.add(AlterTable.toDeflate(t.group));
                }
            }
        }
        String mismatch = levelMismatch(chosen.pick.label);
        if (mismatch != null) {
            notes.add(mismatch);
        }
    }

    /**
     * Whether a table not on Deflate moves to row {@code a} (an engine and level) under goal
     * {@code g}: only where {@code a} meets the goal on the table's own rows, and never where its
     * compressor was not timed as the node runs it.
     * <ul>
     * <li>least CPU at today's size: {@code a} is at its size and cheaper beyond both rows' spreads;</li>
     * <li>least CPU at zlib 6's size: {@code a} is at zlib 6's size, and either today's row is not
     * or {@code a} is cheaper beyond the spreads;</li>
     * <li>smallest at no more CPU: {@code a} costs no more (within the spreads) and is smaller
     * beyond its sampling margin and the size tolerance.</li>
     * </ul>
     */
    static boolean movesAt(TableAdvice t, Alternative a, Goal g) {
        if (t.isDeflate() || a == null || t.notAsTheNodeRunsIt != null) {
            return false;
        }
        Alternative today = t.currentAlternative();
        CostModel m = t.decision.model();
        boolean cheaper = a.cost(m) + a.costSpread(m) + today.costSpread(m) < today.cost(m);
        switch (g) {
            case LEAST_CPU_AT_TODAYS_SIZE:
                return withinTablesBound(t, a, g) && cheaper;
            case LEAST_CPU_AT_ZLIB6_SIZE:
                Alternative zlib6 = t.alternative("zlib " + Candidate.STOCK_LEVEL);
                return zlib6 != null && withinTablesBound(t, a, g) && (cheaper
                        || today.bytes > zlib6.bytes * (1 + GoalDecision.SIZE_TOLERANCE + today.sizeMargin));
            case SMALLEST_AT_TODAYS_CPU:
            default:
                return a.cost(m) <= today.cost(m) + today.costSpread(m) + a.costSpread(m)
                        && a.bytes * (1 + GoalDecision.SIZE_TOLERANCE + a.sizeMargin) < today.bytes;
        }
    }

    /**
     * Whether a Deflate table may take row {@code a}: at its size bound for the goal, and under the
     * CPU goals at no more CPU than today (at the median). The size goal trades CPU for size on
     * purpose and bounds the node's sum instead.
     */
    static boolean deflateTableAllows(TableAdvice t, Alternative a, Goal g) {
        if (!withinTablesBound(t, a, g)) {
            return false;
        }
        CostModel m = t.decision.model();
        return g == Goal.SMALLEST_AT_TODAYS_CPU || a.cost(m) <= t.currentAlternative().cost(m);
    }

    /**
     * Where a Deflate table's own best row for the goal is not the block's: one config serves them
     * all, so the report names each such table's own best and the row the block chose.
     */
    private String levelMismatch(String chosenLabel) {
        List<String> differ = new ArrayList<>();
        for (TableAdvice t : tables) {
            GoalAnswer own = t.answers.get(goal);
            if (t.isDeflate() && own != null && own.pick != null && !own.pick.label.equals(chosenLabel)) {
                differ.add(t.group.name() + ": " + (own.pick.current ? "stock" : own.pick.label));
            }
        }
        if (differ.isEmpty()) {
            return null;
        }
        return "the Deflate tables' own best rows for this goal differ from the block's (" + String.join("; ", differ)
                + "): one config serves every Deflate table, and the block chose " + chosenLabel
                + ", the best for the node as a whole";
    }

    private GoalDecision decision(Goal g) {
        List<Alternative> rows = new ArrayList<>();
        List<Alternative> currents = new ArrayList<>();
        for (TableAdvice t : tables) {
            currents.add(t.currentAlternative());
        }
        Alternative keep = aggregate(KEEP, true, "keep", tables, currents);
        rows.add(keep);
        Alternative zlib6 = null;
        for (String label : labels()) {
            List<Alternative> parts = new ArrayList<>();
            boolean used = false;
            for (TableAdvice t : tables) {
                Alternative a = t.alternative(label);
                if (t.isDeflate()) {
                    if (a == null || !deflateTableAllows(t, a, g)) {
                        parts = null;
                        break;
                    }
                    parts.add(a);
                    used = true;
                } else if (movesAt(t, a, g)) {
                    parts.add(a);
                    used = true;
                } else {
                    parts.add(t.currentAlternative());
                }
            }
            if (parts == null || !used) {
                continue;
            }
            Candidate c = candidate(label);
            Alternative row = aggregate(label, false, c.engine(), tables, parts);
            if (g == Goal.SMALLEST_AT_TODAYS_CPU && row.cost(model) > keep.cost(model)) {
                continue; // the node's CPU may not rise for size
            }
            rows.add(row);
            if (c.isStock()) {
                zlib6 = row;
            }
        }
        return new GoalDecision(rows, zlib6, model);
    }

    /**
     * A node row is at a size only where each table on it is: the other tables' unchanged bytes
     * must not let one table grow past its own bound.
     */
    static boolean withinTablesBound(TableAdvice t, Alternative a, Goal g) {
        Alternative bound;
        if (g == Goal.LEAST_CPU_AT_TODAYS_SIZE) {
            bound = t.currentAlternative();
        } else if (g == Goal.LEAST_CPU_AT_ZLIB6_SIZE) {
            bound = t.alternative("zlib " + Candidate.STOCK_LEVEL);
        } else {
            return true;
        }
        return bound == null || a.bytes <= bound.bytes * (1 + GoalDecision.SIZE_TOLERANCE + a.sizeMargin);
    }

    /** The engines' labels, in the order they were measured. */
    private Set<String> labels() {
        Set<String> labels = new LinkedHashSet<>();
        for (TableAdvice t : tables) {
            for (Measurement m : t.engines) {
                labels.add(m.label);
            }
        }
        return labels;
    }

    private Candidate candidate(String label) {
        for (TableAdvice t : tables) {
            for (Measurement m : t.engines) {
                if (m.label.equals(label)) {
                    return m.candidate;
                }
            }
        }
        return null;
    }

    /**
     * The Deflate tables alone, as the agent sees them (it serves DeflateCompressor only): their
     * current row (stock zlib 6, as timed here) and each engine's that every one of them could use,
     * weighed as the node's rows are; null when no Deflate table was advised. The node's codec CPU
     * share is these tables' calls, so its prediction scales from these rows ({@link SavingPrediction}).
     */
    GoalDecision deflateTables() {
        List<TableAdvice> deflate = new ArrayList<>();
        List<Alternative> currents = new ArrayList<>();
        for (TableAdvice t : tables) {
            if (t.isDeflate()) {
                deflate.add(t);
                currents.add(t.currentAlternative());
            }
        }
        if (deflate.isEmpty()) {
            return null;
        }
        List<Alternative> rows = new ArrayList<>();
        rows.add(aggregate("DeflateCompressor", true, "DeflateCompressor", deflate, currents));
        Alternative zlib6 = null;
        for (String label : labels()) {
            List<Alternative> parts = new ArrayList<>();
            for (TableAdvice t : deflate) {
                Alternative a = t.alternative(label);
                if (a == null) {
                    parts = null;
                    break;
                }
                parts.add(a);
            }
            if (parts != null) {
                Candidate c = candidate(label);
                Alternative row = aggregate(label, false, c.engine(), deflate, parts);
                rows.add(row);
                zlib6 = c.isStock() ? row : zlib6;
            }
        }
        return new GoalDecision(rows, zlib6, model);
    }

    /**
     * Sizes add up; CPU figures and their spreads are the tables' weighted mean; margins weighted by
     * size. {@code parts.get(i)} is {@code of.get(i)}'s row.
     */
    private Alternative aggregate(String label, boolean current, String engine, List<TableAdvice> of,
            List<Alternative> parts) {
        double bytes = 0;
        double margin = 0;
        double w = 0;
        double d = 0;
        double ds = 0;
        double c = 0;
        double cs = 0;
        for (int i = 0; i < parts.size(); i++) {
            Alternative a = parts.get(i);
            double weight = weights.get(of.get(i));
            bytes += a.bytes;
            margin += a.bytes * a.sizeMargin;
            w += weight;
            d += weight * a.decompressSecondsPerGB;
            ds += weight * a.decompressSpread;
            c += weight * a.compressSecondsPerGB;
            cs += weight * a.compressSpread;
        }
        w = w == 0 ? 1 : w;
        return new Alternative(label, current, engine, bytes, bytes == 0 ? 0 : margin / bytes, d / w, ds / w, c / w,
                cs / w);
    }

    private Set<String> tablesOfSeveralCompressors() {
        Map<String, Integer> count = new LinkedHashMap<>();
        for (TableAdvice t : tables) {
            Integer n = count.get(t.group.ref.key());
            count.put(t.group.ref.key(), n == null ? 1 : n + 1);
        }
        Set<String> multi = new LinkedHashSet<>();
        for (Map.Entry<String, Integer> e : count.entrySet()) {
            if (e.getValue() > 1) {
                multi.add(e.getKey());
            }
        }
        return multi;
    }

    /**
     * Each table's weight: its uncompressed bytes; with operator weights, the table's weight, shared
     * among its compressors by their uncompressed bytes, and 0 (said in a note) for a table not in them.
     */
    static Map<TableAdvice, Double> weights(List<TableAdvice> tables, TableWeights operator, List<String> notes) {
        Map<String, Long> tableBytes = new LinkedHashMap<>();
        for (TableAdvice t : tables) {
            Long b = tableBytes.get(t.group.name());
            tableBytes.put(t.group.name(), (b == null ? 0 : b) + t.group.uncompressedBytes());
        }
        Map<TableAdvice, Double> w = new LinkedHashMap<>();
        List<String> missing = new ArrayList<>();
        for (TableAdvice t : tables) {
            if (operator == null) {
                w.put(t, (double) t.group.uncompressedBytes());
                continue;
            }
            Double given = operator.weight(t.group.keyspace(), t.group.table());
            if (given == null) {
                if (!missing.contains(t.group.name())) {
                    missing.add(t.group.name());
                }
                w.put(t, 0.0);
            } else {
                long all = tableBytes.get(t.group.name());
                w.put(t, given * (all == 0 ? 1 : (double) t.group.uncompressedBytes() / all));
            }
        }
        if (!missing.isEmpty()) {
            notes.add("not in " + operator.source + ", so weighed 0 in the node's CPU: " + String.join(", ", missing));
        }
        return w;
    }

    /** A table's share of the node's weight, for the report. */
    double share(TableAdvice t) {
        double sum = 0;
        for (double v : weights.values()) {
            sum += v;
        }
        Double w = weights.get(t);
        return sum == 0 || w == null ? 0 : w / sum;
    }
}
