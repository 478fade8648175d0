package dev.deflateaccel.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import dev.deflateaccel.bridge.config.ConfigKey;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The README is what operators read: its key tables, its JMX engine list and its routing order
 * must say what the code does. Checked against {@link ConfigKey} and {@link EngineRegistry}.
 */
class ReadmeMatchesRegistryTest {
    private static final Pattern KEY_ROW = Pattern.compile("^\\| (`[a-z_]+`(?: / `[a-z_]+`)*) \\| ([^|]+) \\| ([^|]+) \\|");
    private static String readme;

    @BeforeAll
    static void read() throws IOException {
        Path path = Paths.get("../README.md");
        readme = new String(Files.readAllBytes(path), StandardCharsets.UTF_8);
    }

    @Test
    void everyKeyHasOneRowWithItsRangeAndDefault() {
        Set<ConfigKey> documented = EnumSet.noneOf(ConfigKey.class);
        for (String line : readme.split("\n")) {
            Matcher m = KEY_ROW.matcher(line);
            if (!m.find()) {
                continue;
            }
            String[] keys = m.group(1).replace("`", "").split(" / ");
            String[] defaults = m.group(3).trim().split(" / ");
            for (int i = 0; i < keys.length; i++) {
                ConfigKey key = ConfigKey.forKey(keys[i]);
                assertTrue(key != null, "README documents a key the code does not know: " + keys[i]);
                assertTrue(documented.add(key), "README documents " + key.key() + " twice");
                if (!key.isText()) {
                    assertTrue(m.group(2).trim().startsWith(key.min() + "-" + key.max()),
                            key.key() + ": README range '" + m.group(2).trim() + "', code " + key.min() + "-" + key.max());
                    String readmeDefault = defaults.length == keys.length ? defaults[i] : defaults[0];
                    assertEquals(String.valueOf(key.defaultValue()), readmeDefault.trim(), key.key() + " default");
                }
            }
        }
        assertEquals(EnumSet.allOf(ConfigKey.class), documented, "keys missing from the README's tables");
    }

    @Test
    void jmxEngineListIsTheRegistryPlusCassandra() {
        Matcher m = Pattern.compile("engine=<([a-z|]+)>").matcher(readme);
        assertTrue(m.find(), "README lacks the JMX engine list");
        List<String> expected = new ArrayList<>();
        EngineRegistry.ALL.forEach(d -> expected.add(d.name()));
        expected.add("cassandra");
        assertEquals(expected, List.of(m.group(1).split("\\|")));
    }

    @Test
    void routingOrderIsTheRegistrys() {
        Matcher m = Pattern.compile("in this\\s+order: ((?:\\*\\*[A-Za-z]+\\*\\*(?:, )?)+)").matcher(readme);
        assertTrue(m.find(), "README lacks the routing order");
        List<String> readmeOrder = Pattern.compile("\\*\\*([A-Za-z]+)\\*\\*").matcher(m.group(1)).results()
                .map(r -> r.group(1).toLowerCase(Locale.ROOT)).collect(Collectors.toList());
        assertEquals(EngineRegistry.ALL.stream().map(EngineDescriptor::name).collect(Collectors.toList()), readmeOrder);
    }
}
