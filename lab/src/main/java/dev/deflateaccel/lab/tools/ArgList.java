package dev.deflateaccel.lab.tools;

import java.util.ArrayList;
import java.util.List;

/** Small parsing helpers for the runners' --option lists: "1,6,9", "1-9", "4,16,64". */
public final class ArgList {
    private ArgList() {
    }

    /** Comma-separated integers and inclusive ranges, in the given order: "1-3,6" is [1, 2, 3, 6]. */
    public static List<Integer> ints(String text) {
        List<Integer> values = new ArrayList<>();
        for (String part : text.split(",")) {
            String p = part.trim();
            if (p.isEmpty()) {
                continue;
            }
            int dash = p.indexOf('-', 1);
            if (dash > 0) {
                int from = Integer.parseInt(p.substring(0, dash).trim());
                int to = Integer.parseInt(p.substring(dash + 1).trim());
                if (to < from) {
                    throw new IllegalArgumentException("descending range '" + p + "'");
                }
                for (int v = from; v <= to; v++) {
                    values.add(v);
                }
            } else {
                values.add(Integer.parseInt(p));
            }
        }
        return values;
    }

    public static List<String> words(String text) {
        List<String> values = new ArrayList<>();
        for (String part : text.split(",")) {
            if (!part.trim().isEmpty()) {
                values.add(part.trim());
            }
        }
        return values;
    }

    /** The value after option {@code args[i]}, or a clear error naming the option. */
    public static String value(String[] args, int i) {
        if (i + 1 >= args.length) {
            throw new IllegalArgumentException(args[i] + " needs a value");
        }
        return args[i + 1];
    }

    /**
     * The value after option {@code args[i]} as a whole number in [min, max]; a bad value fails
     * with the option, the value and the range, so the user sees what to type instead.
     */
    public static long longIn(String[] args, int i, long min, long max) {
        String v = value(args, i);
        try {
            long n = Long.parseLong(v.trim());
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // falls through to the message below, which says what is wanted
        }
        throw new IllegalArgumentException(args[i] + " " + v + ": want a whole number " + range(min, max, Long.MAX_VALUE));
    }

    /** {@link #longIn} for a number with decimals. */
    public static double doubleIn(String[] args, int i, double min, double max) {
        String v = value(args, i);
        try {
            double d = Double.parseDouble(v.trim());
            if (d >= min && d <= max) {
                return d;
            }
        } catch (NumberFormatException e) {
            // falls through to the message below, which says what is wanted
        }
        throw new IllegalArgumentException(args[i] + " " + v + ": want a number " + range(min, max, Double.MAX_VALUE));
    }

    private static String range(Object min, Object max, Object unbounded) {
        return max.equals(unbounded) ? "of at least " + min : "from " + min + " to " + max;
    }

    public static String join(List<?> values) {
        StringBuilder text = new StringBuilder();
        for (Object v : values) {
            text.append(text.length() == 0 ? "" : ",").append(v);
        }
        return text.toString();
    }
}
