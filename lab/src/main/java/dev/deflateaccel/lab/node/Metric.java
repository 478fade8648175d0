package dev.deflateaccel.lab.node;

import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * One measurement of a node run, a report's row: its header text, how to read it from a result,
 * whether lower is better, how to print it; for the side-by-side verdict also what the verdict
 * calls it and how it reads there.
 */
final class Metric<R> {
    final String name;
    final ToDoubleFunction<R> value;
    final boolean lowerIsBetter;
    final String format;
    /** The verdict's name for it ("compaction"), or null where no verdict judges it. */
    final String finding;
    final Verdict.Kind kind;

    Metric(String name, ToDoubleFunction<R> value, boolean lowerIsBetter, String format) {
        this(name, value, lowerIsBetter, format, null, null);
    }

    Metric(String name, ToDoubleFunction<R> value, boolean lowerIsBetter, String format, String finding,
           Verdict.Kind kind) {
        this.name = name;
        this.value = value;
        this.lowerIsBetter = lowerIsBetter;
        this.format = format;
        this.finding = finding;
        this.kind = kind;
    }

    String format(R result) {
        return String.format(Locale.ROOT, format, value.applyAsDouble(result));
    }
}
