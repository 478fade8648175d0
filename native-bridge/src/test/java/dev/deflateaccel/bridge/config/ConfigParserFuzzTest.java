package dev.deflateaccel.bridge.config;

import static dev.deflateaccel.bridge.Backports.repeat;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * Fuzzes the config parser with a seeded, structure-aware generator: files of valid keys with
 * valid and bad values, huge numbers, unicode, stray {@code \r # =}, very long lines and random
 * bytes, spliced and mutated. A bad file may only produce warnings, never an exception, so the
 * node always starts. Properties checked on every case:
 * <ul>
 *   <li>parsing never throws;</li>
 *   <li>every warning names its key (a known key, or the unknown name as the line has it), at
 *       most one per line, in printable ASCII and of bounded length (no log forging or flooding);</li>
 *   <li>every value the config ends up with is one its key accepts.</li>
 * </ul>
 * The default budget is 20,000 cases (a few seconds). To run longer, or another seed:
 * <pre>
 * mvn -B -ntp -o -pl native-bridge test -Dtest=ConfigParserFuzzTest -Dsurefire.failIfNoSpecifiedTests=false \
 *     -Ddeflateaccel.fuzz.configCases=2000000 -Ddeflateaccel.fuzz.seed=42
 * </pre>
 * A failure names the case's own seed; {@link #generate} with it rebuilds that one file.
 */
class ConfigParserFuzzTest {
    private static final int CASES = Integer.getInteger("deflateaccel.fuzz.configCases", 20_000);
    private static final long SEED = Long.getLong("deflateaccel.fuzz.seed", 20261130L);
    private static final String SOURCE = "fuzz.conf";
    private static final int MAX_WARNING_LENGTH = 400;

    private static final Pattern BAD_VALUE = Pattern.compile(
            "fuzz\\.conf:(\\d+): ([a-z_0-9]+) = '(.*)' is not valid: expected .*; keeping default .*");
    private static final Pattern UNKNOWN_KEY = Pattern.compile("fuzz\\.conf:(\\d+): unknown key '(.*)' ignored");
    private static final Pattern SAFE_PATH = Pattern.compile("[a-zA-Z0-9._/-]{1,4096}");

    private static final ConfigKey[] KEYS = ConfigKey.values();
    private static final String[] ODD_VALUES = {"", " ", "-1", "+1", "1.0", "1e3", "0x10", "010", "1 0", "١", "１",
        "18446744073709551616", "9223372036854775807", "9223372036854775808", "4294967296", "99999999999999999999",
        "yes", "true", "\u0000", "1\u0000", "\u00e9", "\ud83d\ude00", "/tmp/a b", "../../etc/shadow", "a=b", "1#2",
        "\r1", "1\r", "\t1\t"};
    private static final String[] NOISE = {"#", "=", "\r", "\t", " ", "\u0000", "\u00ff", "\u00e9", "\ud83d\ude00",
        "\u202e", "\u001b[2J", "==", "# =", "\r\r", "\\"};

    @Test
    void theParserNeverThrowsAndWarnsOnlyByKeyWithValuesInRange() {
        long warnings = 0;
        long started = System.nanoTime();
        for (int i = 0; i < CASES; i++) {
            long caseSeed = SEED ^ (i * 0x9E3779B97F4A7C15L);
            byte[] file = generate(caseSeed);
            AccelConfig c;
            try {
                c = ConfigFile.parse(file, SOURCE);
            } catch (RuntimeException | Error e) {
                throw new AssertionError("case seed " + caseSeed + ": parse threw on " + preview(file), e);
            }
            checkWarnings(c, lines(file), caseSeed);
            checkValues(c, caseSeed);
            warnings += c.warnings().size();
        }
        System.out.printf("config parser fuzz: %d cases (seed %d), %d warnings, %.1f s%n", CASES, SEED, warnings,
                (System.nanoTime() - started) / 1e9);
        assertTrue(warnings > CASES, "the generator should mostly make bad files; it made " + warnings + " warnings");
    }

    /** One file: a few to a few dozen lines, each from the structure below, some spliced with noise. */
    static byte[] generate(long caseSeed) {
        SplittableRandom r = new SplittableRandom(caseSeed);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int lines = r.nextInt(0, 40);
        for (int l = 0; l < lines; l++) {
            String line = line(r);
            if (r.nextInt(4) == 0) {
                line = mutate(line, r);
            }
            // Mostly Latin-1 (one byte per character), sometimes UTF-8 (multi-byte sequences).
            byte[] encoded = line.getBytes(r.nextInt(3) == 0 ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1);
            out.write(encoded, 0, encoded.length);
            String end = r.nextInt(5) == 0 ? "\r\n" : "\n";
            out.write(end.getBytes(StandardCharsets.US_ASCII), 0, end.length());
        }
        if (r.nextInt(8) == 0) {
            byte[] junk = new byte[r.nextInt(0, 256)];
            for (int b = 0; b < junk.length; b++) {
                junk[b] = (byte) r.nextInt(256);
            }
            out.write(junk, 0, junk.length);
        }
        return out.toByteArray();
    }

    private static String line(SplittableRandom r) {
        ConfigKey key = KEYS[r.nextInt(KEYS.length)];
        switch (r.nextInt(10)) {
            case 0:
            case 1:
            case 2:
                return key.key() + space(r) + "=" + space(r) + goodValue(key, r) + comment(r);
            case 3:
            case 4:
                return key.key() + space(r) + "=" + space(r) + ODD_VALUES[r.nextInt(ODD_VALUES.length)] + comment(r);
            case 5:
                return key.key() + " = " + (key.isText() ? "/" + repeat("a", r.nextInt(4000, 5000)) : hugeNumber(r));
            case 6:
                return randomName(r) + " = " + r.nextInt(0, 3);
            case 7:
                return "# " + randomText(r, r.nextInt(0, 80));
            case 8:
                return r.nextInt(50) == 0 ? randomText(r, r.nextInt(10_000, 70_000)) : randomText(r, r.nextInt(0, 120));
            default:
                return "";
        }
    }

    private static String goodValue(ConfigKey key, SplittableRandom r) {
        if (key.isText()) {
            return r.nextBoolean() ? "" : "/var/log/cassandra/zlib-accel-" + r.nextInt(1000) + ".log";
        }
        if (key == ConfigKey.MAP_SHARDS) {
            return Long.toString(1L << r.nextInt(1, 17));
        }
        long v = key.min() + (long) (r.nextDouble() * (key.max() - key.min() + 1));
        return Long.toString(v);
    }

    private static String hugeNumber(SplittableRandom r) {
        StringBuilder b = new StringBuilder();
        int digits = r.nextInt(10, 400);
        for (int i = 0; i < digits; i++) {
            b.append((char) ('0' + r.nextInt(10)));
        }
        return b.toString();
    }

    private static String randomName(SplittableRandom r) {
        String base = KEYS[r.nextInt(KEYS.length)].key();
        switch (r.nextInt(4)) {
            case 0:
                return base.toUpperCase();
            case 1:
                return base + "_x";
            case 2:
                return base.substring(0, r.nextInt(1, base.length()));
            default:
                return randomText(r, r.nextInt(1, 30));
        }
    }

    private static String randomText(SplittableRandom r, int length) {
        StringBuilder b = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            int kind = r.nextInt(10);
            if (kind < 6) {
                b.append((char) r.nextInt(0x20, 0x7f));
            } else if (kind < 8) {
                b.append(NOISE[r.nextInt(NOISE.length)]);
            } else if (kind < 9) {
                b.append((char) r.nextInt(0, 0x100));
            } else {
                int cp = r.nextInt(0x100, 0x1F700);
                b.appendCodePoint(cp >= 0xD800 && cp <= 0xDFFF ? 0x2603 : cp); // no lone surrogates
            }
        }
        return b.toString();
    }

    private static String mutate(String line, SplittableRandom r) {
        StringBuilder b = new StringBuilder(line);
        int edits = r.nextInt(1, 4);
        for (int e = 0; e < edits; e++) {
            int at = b.length() == 0 ? 0 : r.nextInt(b.length() + 1);
            switch (r.nextInt(3)) {
                case 0:
                    b.insert(at, NOISE[r.nextInt(NOISE.length)]);
                    break;
                case 1:
                    if (at < b.length()) {
                        b.deleteCharAt(at);
                    }
                    break;
                default:
                    if (at < b.length()) {
                        b.setCharAt(at, (char) r.nextInt(0, 0x100));
                    }
            }
        }
        return b.toString();
    }

    private static String space(SplittableRandom r) {
        return r.nextBoolean() ? " " : r.nextBoolean() ? "" : "\t ";
    }

    private static String comment(SplittableRandom r) {
        return r.nextInt(4) == 0 ? "   # " + randomText(r, r.nextInt(0, 40)) : "";
    }

    /** The file's lines as the format defines them (split at \n), independent of the parser. */
    private static List<String> lines(byte[] file) {
        List<String> lines = new ArrayList<>();
        int start = 0;
        for (int i = 0; i <= file.length; i++) {
            if (i == file.length || file[i] == '\n') {
                lines.add(new String(file, start, i - start, StandardCharsets.ISO_8859_1));
                start = i + 1;
            }
        }
        return lines;
    }

    /** The key name a line assigns, as zlib-accel reads it: \r dropped, # comment cut, text before '=' trimmed. */
    private static String nameOn(String line) {
        String s = line.replace("\r", "");
        int hash = s.indexOf('#');
        if (hash >= 0) {
            s = s.substring(0, hash);
        }
        int eq = s.indexOf('=');
        return eq < 0 ? null : s.substring(0, eq).trim();
    }

    private static void checkWarnings(AccelConfig c, List<String> lines, long caseSeed) {
        int lastLine = 0;
        for (String w : c.warnings()) {
            if (w.length() > MAX_WARNING_LENGTH || !w.chars().allMatch(ch -> ch >= 0x20 && ch < 0x7f)) {
                fail("case seed " + caseSeed + ": warning not short printable ASCII: " + ConfigFile.shown(w));
            }
            Matcher bad = BAD_VALUE.matcher(w);
            Matcher unknown = UNKNOWN_KEY.matcher(w);
            int lineNumber;
            if (bad.matches()) {
                lineNumber = Integer.parseInt(bad.group(1));
                String name = nameOn(lines.get(lineNumber - 1));
                if (!bad.group(2).equals(name) || ConfigKey.forKey(name) == null) {
                    fail("case seed " + caseSeed + ": warning does not name the line's key '" + name + "': " + w);
                }
            } else if (unknown.matches()) {
                lineNumber = Integer.parseInt(unknown.group(1));
                String name = nameOn(lines.get(lineNumber - 1));
                if (name == null || ConfigKey.forKey(name) != null || !unknown.group(2).equals(ConfigFile.shown(name))) {
                    fail("case seed " + caseSeed + ": unknown-key warning does not name line " + lineNumber
                            + "'s key: " + w);
                }
            } else {
                fail("case seed " + caseSeed + ": warning names no key: " + w);
                return;
            }
            if (lineNumber <= lastLine) {
                fail("case seed " + caseSeed + ": more than one warning, or out of order, for line " + lineNumber);
            }
            lastLine = lineNumber;
        }
    }

    private static void checkValues(AccelConfig c, long caseSeed) {
        for (ConfigKey key : KEYS) {
            if (key.isText()) {
                String v = c.text(key);
                if (!v.isEmpty() && !SAFE_PATH.matcher(v).matches()) {
                    fail("case seed " + caseSeed + ": " + key.key() + " accepted '" + ConfigFile.shown(v) + "'");
                }
            } else if (!inRange(key, c.value(key))) {
                fail("case seed " + caseSeed + ": " + key.key() + " = " + c.value(key) + " is outside " + key.range());
            }
        }
    }

    /** The ranges restated from zlib-accel's config.cpp, not taken from ConfigKey.accepts. */
    private static boolean inRange(ConfigKey key, long v) {
        return v >= key.min() && v <= key.max() && (key != ConfigKey.MAP_SHARDS || Long.bitCount(v) == 1);
    }

    private static String preview(byte[] file) {
        return ConfigFile.shown(new String(file, StandardCharsets.ISO_8859_1));
    }
}
