package dev.deflateaccel.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import dev.deflateaccel.bridge.config.AccelConfig;
import dev.deflateaccel.bridge.config.ConfigFile;
import dev.deflateaccel.bridge.config.ConfigKey;

import org.junit.jupiter.api.Test;

/**
 * zlib-accel.conf.sample, as shipped in the release archive, against {@link ConfigKey}: every key
 * is there once, commented out at its default, under a line with its range and default and a
 * line saying what it does. A key added to ConfigKey without a sample entry fails here.
 */
class ConfigSampleTest {
    /** {@code # key = value}: a commented-out setting. */
    private static final Pattern SETTING = Pattern.compile("^# ([a-z_0-9]+) =(?: (.*))?$");

    private static List<String> sample() throws IOException {
        String path = System.getProperty("deflateaccel.sample", "src/main/dist/zlib-accel.conf.sample");
        return Files.readAllLines(Paths.get(path), StandardCharsets.US_ASCII);
    }

    private static String defaultText(ConfigKey key) {
        return key.isText() ? "" : String.valueOf(key.defaultValue());
    }

    private static String rangeText(ConfigKey key) {
        return key.isText() ? "a path from [a-zA-Z0-9._/-], default empty" : key.range() + ", default " + key.defaultValue();
    }

    @Test
    void everyKeyIsThereOnceAtItsDefaultWithItsRangeAndMeaning() throws IOException {
        List<String> lines = sample();
        for (ConfigKey key : ConfigKey.values()) {
            List<Integer> at = new ArrayList<>();
            for (int i = 0; i < lines.size(); i++) {
                Matcher m = SETTING.matcher(lines.get(i));
                if (m.matches() && m.group(1).equals(key.key())) {
                    at.add(i);
                }
            }
            assertEquals(1, at.size(), key.key() + " must appear exactly once as '# " + key.key() + " = ...'");
            int i = at.get(0);
            Matcher m = SETTING.matcher(lines.get(i));
            assertTrue(m.matches());
            assertEquals(defaultText(key), m.group(2) == null ? "" : m.group(2), key.key() + " must show its default");
            assertTrue(i >= 2, key.key());
            assertEquals("#   " + rangeText(key), lines.get(i - 1), key.key() + ": the line above states range and default");
            String meaning = lines.get(i - 2);
            assertTrue(meaning.startsWith("# ") && meaning.length() > 12 && !SETTING.matcher(meaning).matches(),
                    key.key() + ": a one-line meaning above the range: '" + meaning + "'");
        }
    }

    @Test
    void everySettingInTheSampleIsAKnownKey() throws IOException {
        for (String line : sample()) {
            Matcher m = SETTING.matcher(line);
            if (m.matches()) {
                assertNotNull(ConfigKey.forKey(m.group(1)), "not a config key: " + line);
            }
        }
    }

    @Test
    void asShippedEverythingIsCommentedOutSoTheAgentRunsOnDefaults() throws IOException {
        AccelConfig config = ConfigFile.parse(sample(), "sample");
        assertEquals(List.of(), config.warnings());
        for (ConfigKey key : ConfigKey.values()) {
            assertFalse(config.isSet(key), key.key());
        }
        assertEquals(AccelConfig.defaults().toString(), config.toString());
    }

    /** The values written in the comments are valid, and are the defaults. */
    @Test
    void uncommentingEverySettingChangesNothing() throws IOException {
        List<String> uncommented = sample().stream()
                .map(l -> SETTING.matcher(l).matches() ? l.substring(2) : l)
                .collect(Collectors.toList());
        AccelConfig config = ConfigFile.parse(uncommented, "sample, uncommented");
        assertEquals(List.of(), config.warnings());
        for (ConfigKey key : ConfigKey.values()) {
            assertTrue(config.isSet(key), key.key() + " must be set once uncommented");
            if (key.isText()) {
                assertEquals("", config.text(key), key.key());
            } else {
                assertEquals(key.defaultValue(), config.value(key), key.key());
            }
        }
    }
}
