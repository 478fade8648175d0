package dev.deflateaccel.lab.node;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import dev.deflateaccel.lab.tools.Spread;

/**
 * Orders configurations by the median of one measurement, best first, and says "&lt;" between two
 * neighbours only when their ranges across runs (at least two each) do not overlap; otherwise "~"
 * (not distinguishable).
 * E.g. "igzip &lt; libdeflate ~ stock" for compaction time.
 */
final class Ranking {

    private Ranking() {
    }

    static String of(Map<String, Spread> byLabel, boolean lowerIsBetter) {
        List<Map.Entry<String, Spread>> entries = byLabel.entrySet().stream().filter(e -> !e.getValue().isEmpty())
                .collect(Collectors.toList());
        Comparator<Map.Entry<String, Spread>> byMedian = Comparator.comparingDouble(e -> e.getValue().median);
        entries.sort(lowerIsBetter ? byMedian : byMedian.reversed());
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < entries.size(); i++) {
            if (i > 0) {
                Spread a = entries.get(i - 1).getValue();
                Spread b = entries.get(i).getValue();
                // A single run has no range to compare: it is never ranked against another.
                boolean separated = a.count > 1 && b.count > 1 && !a.overlaps(b);
                text.append(separated ? (lowerIsBetter ? " < " : " > ") : " ~ ");
            }
            text.append(entries.get(i).getKey());
        }
        return text.toString();
    }
}
