package dev.deflateaccel.lab.tools;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * What an option's value may be, and how to say so: a value the parser refuses (with null or an
 * exception) is reported as {@code --option value: want <wanted>}, so the user sees what to type instead.
 */
public final class ValueKind<T> {
    final String wanted;
    private final Function<String, T> parser;

    private ValueKind(String wanted, Function<String, T> parser) {
        this.wanted = wanted;
        this.parser = parser;
    }

    /** A kind of its own: {@code parser} returns null or throws IllegalArgumentException for a value outside it. */
    public static <T> ValueKind<T> of(String wanted, Function<String, T> parser) {
        return new ValueKind<>(wanted, parser);
    }

    public static ValueKind<Long> wholeNumber(long min, long max) {
        return of("a whole number " + range(min, max, Long.MAX_VALUE), text -> within(Long.parseLong(text.trim()),
                n -> n >= min && n <= max));
    }

    public static ValueKind<Integer> integer(int min, int max) {
        return of("a whole number " + range(min, max, Integer.MAX_VALUE), text -> within(Integer.parseInt(text.trim()),
                n -> n >= min && n <= max));
    }

    public static ValueKind<Double> number(double min, double max) {
        return of("a number " + range(min, max, Double.MAX_VALUE), text -> within(Double.parseDouble(text.trim()),
                d -> d >= min && d <= max));
    }

    /** Whole numbers and inclusive ranges, at least one: "1-3,6" (see {@link ArgList#ints}). */
    public static ValueKind<List<Integer>> ints(int min, int max) {
        return of("whole numbers " + range(min, max, Integer.MAX_VALUE) + ", as in 1-3,6", text -> within(ArgList.ints(text),
                list -> !list.isEmpty() && list.stream().allMatch(n -> n >= min && n <= max)));
    }

    /** Comma-separated words, at least one, each one of {@code allowed}. */
    public static ValueKind<List<String>> words(List<String> allowed) {
        return of("one or more of " + String.join(",", allowed), text -> within(ArgList.words(text),
                list -> !list.isEmpty() && allowed.containsAll(list)));
    }

    /** One of {@code values}, each named as {@code name} says. */
    public static <V> ValueKind<V> oneOf(List<V> values, Function<V, String> name) {
        return of("one of " + values.stream().map(name).collect(Collectors.joining(", ")),
                text -> values.stream().filter(v -> name.apply(v).equals(text)).findFirst().orElse(null));
    }

    public static ValueKind<String> text() {
        return of("a value", text -> text);
    }

    /** A path made absolute now: the programs that take it hand it to processes started elsewhere. */
    public static ValueKind<Path> absolutePath() {
        return of("a path", text -> Paths.get(text).toAbsolutePath().normalize());
    }

    /** The same values, described in the program's own words. */
    public ValueKind<T> wanting(String description) {
        return new ValueKind<>(description, parser);
    }

    T parse(String option, String text) {
        T value = null;
        try {
            value = parser.apply(text);
        } catch (IllegalArgumentException e) {
            // NumberFormatException too: falls through to the message below, which says what is wanted
        }
        if (value == null) {
            throw new IllegalArgumentException(option + " " + text + ": want " + wanted);
        }
        return value;
    }

    private static <V> V within(V value, Predicate<V> allowed) {
        return allowed.test(value) ? value : null;
    }

    private static String range(Object min, Object max, Object unbounded) {
        return max.equals(unbounded) ? "of at least " + min : "from " + min + " to " + max;
    }
}
