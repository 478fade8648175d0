package dev.deflateaccel.lab.tools;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One line of the small text protocol between a runner and its children (child JVMs and
 * native_ref --serve): {@code @@ <kind> key=value key=value ...}. Values are URL-encoded so a
 * message with spaces stays one token. Lines without the {@code @@ } prefix are ordinary output
 * (the agent's log, a JVM warning) and are only echoed, never parsed.
 */
public final class ProtocolLine {
    public static final String PREFIX = "@@ ";

    public final String kind;
    private final Map<String, String> fields;

    private ProtocolLine(String kind, Map<String, String> fields) {
        this.kind = kind;
        this.fields = fields;
    }

    public static boolean isProtocol(String line) {
        return line.startsWith(PREFIX);
    }

    public static ProtocolLine parse(String line) {
        if (!isProtocol(line)) {
            throw new IllegalArgumentException("not a protocol line: " + line);
        }
        String[] tokens = line.substring(PREFIX.length()).trim().split("\\s+");
        Map<String, String> fields = new LinkedHashMap<>();
        for (int i = 1; i < tokens.length; i++) {
            int eq = tokens[i].indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("token '" + tokens[i] + "' is not key=value in: " + line);
            }
            fields.put(tokens[i].substring(0, eq), URLDecoder.decode(tokens[i].substring(eq + 1), StandardCharsets.UTF_8));
        }
        return new ProtocolLine(tokens[0], fields);
    }

    /** Builds a line from alternating keys and values. */
    public static String format(String kind, Object... keysAndValues) {
        if (keysAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("keys and values must pair up");
        }
        StringBuilder line = new StringBuilder(PREFIX).append(kind);
        for (int i = 0; i < keysAndValues.length; i += 2) {
            line.append(' ').append(keysAndValues[i]).append('=').append(URLEncoder.encode(String.valueOf(keysAndValues[i + 1]),
                    StandardCharsets.UTF_8));
        }
        return line.toString();
    }

    /** A line to send, built key by key. */
    public static Builder of(String kind) {
        return new Builder(kind);
    }

    /** A protocol line under construction: its kind and key=value pairs in order. */
    public static final class Builder {
        private final String kind;
        private final List<Object> pairs = new ArrayList<>();

        private Builder(String kind) {
            this.kind = kind;
        }

        public Builder with(String key, Object value) {
            pairs.add(key);
            pairs.add(value);
            return this;
        }

        public Builder copy() {
            Builder copy = new Builder(kind);
            copy.pairs.addAll(pairs);
            return copy;
        }

        @Override
        public String toString() {
            return format(kind, pairs.toArray());
        }
    }

    public String get(String key) {
        String value = fields.get(key);
        if (value == null) {
            throw new IllegalArgumentException("protocol line '" + kind + "' lacks " + key + ": " + fields);
        }
        return value;
    }

    public String getOrDefault(String key, String fallback) {
        return fields.getOrDefault(key, fallback);
    }

    public long getLong(String key) {
        return Long.parseLong(get(key));
    }

    public double getDouble(String key) {
        return Double.parseDouble(get(key));
    }

    /** A comma-separated list of numbers, e.g. the MB/s of each round. */
    public double[] getDoubles(String key) {
        return Arrays.stream(get(key).split(",")).mapToDouble(Double::parseDouble).toArray();
    }

    public int getInt(String key) {
        return Integer.parseInt(get(key));
    }

    /** A comma-separated list of whole numbers, e.g. the calls of each round. */
    public long[] getLongs(String key) {
        return Arrays.stream(get(key).split(",")).mapToLong(Long::parseLong).toArray();
    }

    /** The inverse of {@link #getDoubles}, with enough digits for MB/s and ratios. */
    public static String joinDoubles(double[] values) {
        return Arrays.stream(values).mapToObj(v -> String.format(Locale.ROOT, "%.4f", v)).collect(Collectors.joining(","));
    }

    @Override
    public String toString() {
        return kind + fields;
    }
}
