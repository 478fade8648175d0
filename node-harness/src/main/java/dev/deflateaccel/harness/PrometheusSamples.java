package dev.deflateaccel.harness;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The samples of one scrape in Prometheus' text format: {@code name{label="value",...} number}.
 * Enough of the format for the exporter's output (no escaped quotes in our label values).
 */
public final class PrometheusSamples {

    private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{(.*)})?\\s+(\\S+)(?:\\s+\\d+)?$");
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"([^\"]*)\"");

    /** One sample: the metric name, its labels, its value. */
    public static final class Sample {
        public final String name;
        public final Map<String, String> labels;
        public final double value;

        Sample(String name, Map<String, String> labels, double value) {
            this.name = name;
            this.labels = Collections.unmodifiableMap(labels);
            this.value = value;
        }

        @Override
        public String toString() {
            return name + labels + " " + value;
        }
    }

    private final List<Sample> samples;

    private PrometheusSamples(List<Sample> samples) {
        this.samples = samples;
    }

    static PrometheusSamples parse(String text) {
        List<Sample> samples = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            Matcher m = SAMPLE.matcher(line.trim());
            if (!m.matches()) {
                throw new IllegalArgumentException("not a sample line: " + line);
            }
            Map<String, String> labels = new TreeMap<>();
            if (m.group(2) != null) {
                Matcher l = LABEL.matcher(m.group(2));
                while (l.find()) {
                    labels.put(l.group(1), l.group(2));
                }
            }
            samples.add(new Sample(m.group(1), labels, Double.parseDouble(m.group(3))));
        }
        return new PrometheusSamples(samples);
    }

    /** The samples whose name starts with {@code prefix}. */
    public List<Sample> named(String prefix) {
        return samples.stream().filter(s -> s.name.startsWith(prefix)).collect(Collectors.toList());
    }

    /** The value of the one sample with this name and these labels (among others), or NaN. */
    public double value(String name, Map<String, String> labels) {
        List<Sample> found = samples.stream()
                .filter(s -> s.name.equals(name) && s.labels.entrySet().containsAll(labels.entrySet()))
                .collect(Collectors.toList());
        if (found.size() > 1) {
            throw new IllegalStateException(found.size() + " samples " + name + labels + ": " + found);
        }
        return found.isEmpty() ? Double.NaN : found.get(0).value;
    }

    /** Metric names with their label names (not values): the shape of the series an exporter serves. */
    public Set<String> seriesShapes(String excludedPrefix) {
        Set<String> shapes = new TreeSet<>();
        for (Sample s : samples) {
            if (!s.name.startsWith(excludedPrefix)) {
                shapes.add(s.name + s.labels.keySet());
            }
        }
        return shapes;
    }
}
