package dev.deflateaccel.lab.tools;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** The runners' comma-separated lists: "1,6,9", "1-9", "4,16,64"; options parse them through {@link ValueKind}. */
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
        return Stream.of(text.split(",")).map(String::trim).filter(w -> !w.isEmpty()).collect(Collectors.toList());
    }

    public static String join(List<?> values) {
        return values.stream().map(String::valueOf).collect(Collectors.joining(","));
    }
}
