package dev.deflateaccel.bridge.config;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Reads a config file in zlib-accel's format: one {@code key = value} per line, {@code #} starts a
 * comment, {@code \r} stripped, whitespace trimmed, lines without {@code =} skipped. A bad value
 * keeps the default and produces one warning naming the key, the value and the valid range; an
 * unknown key produces one warning. Nothing here throws for bad content: a bad config must never
 * keep Cassandra from starting.
 */
public final class ConfigFile {
    public static final String DEFAULT_PATH = "/etc/zlib-accel.conf";

    /** zlib-accel's rule for log_file, which we apply to every path key. */
    private static final Pattern SAFE_PATH = Pattern.compile("^[a-zA-Z0-9._/-]+$");
    private static final int MAX_PATH_LENGTH = 4096;

    private ConfigFile() {
    }

    /** Reads the file; a missing file means all defaults (as in zlib-accel). */
    public static AccelConfig read(Path path) {
        if (!Files.exists(path)) {
            return new AccelConfig(Map.of(), Map.of(), List.of(), path + " not found, using defaults");
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(path, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            return new AccelConfig(Map.of(), Map.of(),
                    List.of("cannot read config file " + path + " (" + e + "); using defaults"),
                    path + " unreadable, using defaults");
        }
        return parse(lines, path.toString());
    }

    public static AccelConfig parse(List<String> lines, String source) {
        Map<ConfigKey, Long> numbers = new EnumMap<>(ConfigKey.class);
        Map<ConfigKey, String> texts = new EnumMap<>(ConfigKey.class);
        List<String> warnings = new ArrayList<>();
        int lineNumber = 0;
        for (String raw : lines) {
            lineNumber++;
            String line = raw.replace("\r", "");
            int hash = line.indexOf('#');
            if (hash >= 0) {
                line = line.substring(0, hash);
            }
            int eq = line.indexOf('=');
            if (eq < 0) {
                continue;
            }
            String name = line.substring(0, eq).trim();
            String value = line.substring(eq + 1).trim();
            ConfigKey key = ConfigKey.forKey(name);
            String where = source + ":" + lineNumber;
            if (key == null) {
                warnings.add(where + ": unknown key '" + name + "' ignored");
            } else if (key.isText()) {
                if (value.isEmpty() || (value.length() <= MAX_PATH_LENGTH && SAFE_PATH.matcher(value).matches())) {
                    texts.put(key, value);
                } else {
                    warnings.add(where + ": " + key.key() + " = '" + value + "' is not valid: expected a path of"
                            + " at most " + MAX_PATH_LENGTH + " characters from [a-zA-Z0-9._/-]; keeping default ''");
                }
            } else {
                Long parsed = parseUnsigned(value);
                if (parsed != null && parsed >= key.min() && parsed <= key.max()) {
                    numbers.put(key, parsed);
                } else {
                    warnings.add(where + ": " + key.key() + " = '" + value + "' is not valid: expected an integer "
                            + key.min() + "-" + key.max() + "; keeping default " + key.defaultValue());
                }
            }
        }
        return new AccelConfig(numbers, texts, warnings, source);
    }

    private static Long parseUnsigned(String value) {
        if (value.isEmpty() || value.length() > 19) {
            return null;
        }
        for (int i = 0; i < value.length(); i++) {
            if (value.charAt(i) < '0' || value.charAt(i) > '9') {
                return null;
            }
        }
        return Long.parseLong(value);
    }
}
