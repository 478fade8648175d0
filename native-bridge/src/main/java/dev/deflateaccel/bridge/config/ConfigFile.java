package dev.deflateaccel.bridge.config;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
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
 *
 * <p>The file itself is another matter: one that exists but is untrusted, not a regular file,
 * too large or unreadable is refused as a whole (see {@link ConfigFileBytes}), and the agent
 * then leaves DeflateCompressor stock rather than run on defaults the operator did not write.
 */
public final class ConfigFile {
    public static final String DEFAULT_PATH = "/etc/zlib-accel.conf";

    /** zlib-accel's rule for log_file, which we apply to every path key. */
    private static final Pattern SAFE_PATH = Pattern.compile("^[a-zA-Z0-9._/-]+$");
    private static final int MAX_PATH_LENGTH = 4096;
    /** How much of a bad name or value a warning repeats: enough to recognise it, not a flood. */
    private static final int MAX_SHOWN = 80;

    private ConfigFile() {
    }

    /**
     * Reads the file; a missing file means all defaults (as in zlib-accel). A file that exists
     * but is refused gives a config whose {@link AccelConfig#refusal()} says why.
     */
    public static AccelConfig read(Path path) {
        byte[] bytes;
        try {
            bytes = ConfigFileBytes.read(path);
        } catch (ConfigFileBytes.Refused e) {
            return AccelConfig.refused(path.toString(), e.getMessage());
        }
        if (bytes == null) {
            return new AccelConfig(Collections.emptyMap(), Collections.emptyMap(), Collections.emptyList(),
                    Collections.emptyList(), path + " not found, using defaults");
        }
        return parse(bytes, path.toString());
    }

    /**
     * The file's bytes under the same rules as {@link #read(Path)}, for a running agent that
     * compares two reads before applying an edit: null when nothing is at the path, an
     * IOException whose message says why when the file is refused.
     */
    public static byte[] readBytes(Path path) throws java.io.IOException {
        try {
            return ConfigFileBytes.read(path);
        } catch (ConfigFileBytes.Refused e) {
            throw new java.io.IOException(e.getMessage());
        }
    }

    /**
     * Parses the file's bytes. Read as ISO-8859-1, where every byte is one character, so a
     * comment in Latin-1 or any other encoding cannot make the file unreadable; keys and values
     * are ASCII, and anything else in them is simply not valid. Lines end at {@code \n} only,
     * as with zlib-accel's getline; {@code \r} is then stripped.
     */
    public static AccelConfig parse(byte[] bytes, String source) {
        return parse(Arrays.asList(new String(bytes, StandardCharsets.ISO_8859_1).split("\n", -1)), source);
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
                warnings.add(where + ": unknown key '" + shown(name) + "' ignored");
            } else if (key.isText()) {
                if (value.isEmpty() || (value.length() <= MAX_PATH_LENGTH && SAFE_PATH.matcher(value).matches())) {
                    texts.put(key, value);
                } else {
                    warnings.add(where + ": " + key.key() + " = '" + shown(value) + "' is not valid: expected a path of"
                            + " at most " + MAX_PATH_LENGTH + " characters from [a-zA-Z0-9._/-]; keeping default ''");
                }
            } else {
                Long parsed = parseUnsigned(value);
                if (parsed != null && key.accepts(parsed)) {
                    numbers.put(key, parsed);
                } else {
                    warnings.add(where + ": " + key.key() + " = '" + shown(value) + "' is not valid: expected "
                            + key.range() + "; keeping default " + key.defaultValue());
                }
            }
        }
        return new AccelConfig(numbers, texts, warnings, notices(numbers), source);
    }

    /** One line per key that was set but does nothing here, whatever its number of lines. */
    private static List<String> notices(Map<ConfigKey, Long> numbers) {
        List<String> notices = new ArrayList<>();
        for (ConfigKey key : numbers.keySet()) {
            if (!key.hasEffect()) {
                notices.add(key.key() + " = " + numbers.get(key) + " is accepted for compatibility with zlib-accel"
                        + " and has no effect here");
            }
        }
        return notices;
    }

    /**
     * A name or value as a warning repeats it: printable ASCII, other characters as {@code \xNN},
     * cut at {@value #MAX_SHOWN} characters, so that a line of escape sequences or of 60,000
     * characters can neither forge nor flood the log.
     */
    static String shown(String s) {
        StringBuilder b = new StringBuilder();
        int i = 0;
        for (; i < s.length() && b.length() < MAX_SHOWN; i++) {
            char c = s.charAt(i);
            if (c >= 0x20 && c < 0x7f) {
                b.append(c);
            } else {
                b.append(String.format("\\x%02x", (int) c));
            }
        }
        if (i < s.length()) {
            b.append("...(").append(s.length()).append(" characters)");
        }
        return b.toString();
    }

    /** Digits only; null for anything else, including 19-digit values past Long.MAX_VALUE. */
    private static Long parseUnsigned(String value) {
        if (value.isEmpty() || value.length() > 19) {
            return null;
        }
        for (int i = 0; i < value.length(); i++) {
            if (value.charAt(i) < '0' || value.charAt(i) > '9') {
                return null;
            }
        }
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            // 9223372036854775808-9999999999999999999: found by ConfigParserFuzzTest. Before,
            // this threw out of premain.
            return null;
        }
    }
}
