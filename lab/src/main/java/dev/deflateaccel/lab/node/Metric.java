package dev.deflateaccel.lab.node;

import java.util.function.ToDoubleFunction;

/** One measurement of a node run: how to read it from a result, whether lower is better, how to print it. */
final class Metric<R> {
    final String name;
    final ToDoubleFunction<R> value;
    final boolean lowerIsBetter;
    final String format;

    Metric(String name, ToDoubleFunction<R> value, boolean lowerIsBetter, String format) {
        this.name = name;
        this.value = value;
        this.lowerIsBetter = lowerIsBetter;
        this.format = format;
    }
}
