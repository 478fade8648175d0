package dev.deflateaccel.bridge.config;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The parsed, validated configuration: every key has a value (its default when not set). Or a
 * refused one: a config file that exists but could not be trusted or read has no values at all,
 * so that nothing can run on defaults the operator did not choose.
 */
public final class AccelConfig {
    private final Map<ConfigKey, Long> numbers;
    private final Map<ConfigKey, String> texts;
    private final List<String> warnings;
    private final List<String> notices;
    private final String source;
    private final String refusal;

    AccelConfig(Map<ConfigKey, Long> numbers, Map<ConfigKey, String> texts, List<String> warnings,
            List<String> notices, String source) {
        this(numbers, texts, warnings, notices, source, null);
    }

    private AccelConfig(Map<ConfigKey, Long> numbers, Map<ConfigKey, String> texts, List<String> warnings,
            List<String> notices, String source, String refusal) {
        // EnumMap's copy constructor rejects an empty plain Map, hence putAll.
        this.numbers = new EnumMap<>(ConfigKey.class);
        this.numbers.putAll(numbers);
        this.texts = new EnumMap<>(ConfigKey.class);
        this.texts.putAll(texts);
        this.warnings = Collections.unmodifiableList(new ArrayList<>(warnings));
        this.notices = Collections.unmodifiableList(new ArrayList<>(notices));
        this.source = source;
        this.refusal = refusal;
    }

    /** All defaults, as when the config file does not exist. */
    public static AccelConfig defaults() {
        return new AccelConfig(Collections.emptyMap(), Collections.emptyMap(), Collections.emptyList(),
                Collections.emptyList(), "defaults");
    }

    /** A config file that exists but was refused; {@code reason} names the file and says why. */
    static AccelConfig refused(String source, String reason) {
        return new AccelConfig(Collections.emptyMap(), Collections.emptyMap(), Collections.emptyList(),
                Collections.emptyList(), source, reason);
    }

    /**
     * Why the config file was refused, or null when it was accepted (or absent). A refused
     * config must leave DeflateCompressor stock: running on defaults would silently ignore
     * what the operator wrote, so every value accessor throws instead.
     */
    public String refusal() {
        return refusal;
    }

    public long value(ConfigKey key) {
        requireAccepted();
        if (key.isText()) {
            throw new IllegalArgumentException(key.key() + " is a text key");
        }
        Long v = numbers.get(key);
        return v != null ? v : key.defaultValue();
    }

    public int intValue(ConfigKey key) {
        return (int) Math.min(Integer.MAX_VALUE, value(key));
    }

    public boolean enabled(ConfigKey key) {
        return value(key) != 0;
    }

    /** A text key's value, "" when not set. */
    public String text(ConfigKey key) {
        requireAccepted();
        if (!key.isText()) {
            throw new IllegalArgumentException(key.key() + " is a numeric key");
        }
        return texts.getOrDefault(key, "");
    }

    /** Whether the file set this key (as opposed to it having its default). */
    public boolean isSet(ConfigKey key) {
        requireAccepted();
        return key.isText() ? texts.containsKey(key) : numbers.containsKey(key);
    }

    /** One line per rejected value or unknown key, in file order. */
    public List<String> warnings() {
        return warnings;
    }

    /** Info-level lines: keys the file set that are accepted but have no effect here, once each. */
    public List<String> notices() {
        return notices;
    }

    /** Where the values came from: the file path, or why defaults are used. */
    public String source() {
        return source;
    }

    /** Returns a copy with one value replaced; for tests and for the doctor's engine rows. */
    public AccelConfig with(ConfigKey key, String value) {
        requireAccepted();
        Map<ConfigKey, Long> n = new EnumMap<>(ConfigKey.class);
        n.putAll(numbers);
        Map<ConfigKey, String> t = new EnumMap<>(ConfigKey.class);
        t.putAll(texts);
        if (key.isText()) {
            t.put(key, value);
        } else {
            n.put(key, Long.parseLong(value));
        }
        return new AccelConfig(n, t, warnings, notices, source);
    }

    private void requireAccepted() {
        if (refusal != null) {
            throw new IllegalStateException("config refused: " + refusal);
        }
    }

    @Override
    public String toString() {
        if (refusal != null) {
            return "refused: " + refusal + "\n";
        }
        StringBuilder sb = new StringBuilder();
        for (ConfigKey k : ConfigKey.values()) {
            sb.append(k.key()).append(" = ").append(k.isText() ? text(k) : String.valueOf(value(k)));
            if (!isSet(k)) {
                sb.append("   (default)");
            }
            sb.append('\n');
        }
        return sb.toString();
    }
}
