package dev.deflateaccel.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import dev.deflateaccel.bridge.config.ConfigKey;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The README and its docs/ pages are what operators read: the key tables and the routing order
 * (docs/configuration.md) and the JMX engine list (docs/monitoring.md) must say what the code
 * does. Checked against {@link ConfigKey} and {@link EngineRegistry}. Key rows are looked for in
 * the README and every docs/ page, so a key documented on two pages fails as documented twice.
 */
class ReadmeMatchesRegistryTest {
    private static final Pattern KEY_ROW = Pattern.compile("^\\| (`[a-z_]+`(?: / `[a-z_]+`)*) \\| ([^|]+) \\| ([^|]+) \\|");
    /** The README and every docs/*.md page. */
    private static List<String> pages;
    private static String configuration;
    private static String monitoring;

    @BeforeAll
    static void read() throws IOException {
        pages = new ArrayList<>();
        pages.add(read(Paths.get("../README.md")));
        try (Stream<Path> docs = Files.list(Paths.get("../docs"))) {
            for (Path p : docs.filter(p -> p.toString().endsWith(".md")).sorted().collect(Collectors.toList())) {
                pages.add(read(p));
            }
        }
        configuration = read(Paths.get("../docs/configuration.md"));
        monitoring = read(Paths.get("../docs/monitoring.md"));
    }

    private static String read(Path path) throws IOException {
        return new String(Files.readAllBytes(path), StandardCharsets.UTF_8);
    }

    @Test
    void everyKeyHasOneRowWithItsRangeAndDefault() {
        Set<ConfigKey> documented = EnumSet.noneOf(ConfigKey.class);
        for (String line : String.join("\n", pages).split("\n")) {
            Matcher m = KEY_ROW.matcher(line);
            if (!m.find()) {
                continue;
            }
            String[] keys = m.group(1).replace("`", "").split(" / ");
            String[] defaults = m.group(3).trim().split(" / ");
            for (int i = 0; i < keys.length; i++) {
                ConfigKey key = ConfigKey.forKey(keys[i]);
                assertTrue(key != null, "the docs document a key the code does not know: " + keys[i]);
                assertTrue(documented.add(key), "the docs document " + key.key() + " twice");
                if (!key.isText()) {
                    assertTrue(m.group(2).trim().startsWith(key.min() + "-" + key.max()),
                            key.key() + ": documented range '" + m.group(2).trim() + "', code " + key.min() + "-" + key.max());
                    String documentedDefault = defaults.length == keys.length ? defaults[i] : defaults[0];
                    assertEquals(String.valueOf(key.defaultValue()), documentedDefault.trim(), key.key() + " default");
                }
            }
        }
        assertEquals(EnumSet.allOf(ConfigKey.class), documented, "keys missing from docs/configuration.md's tables");
    }

    @Test
    void jmxEngineListIsTheRegistryPlusCassandra() {
        Matcher m = Pattern.compile("engine=<([a-z|]+)>").matcher(monitoring);
        assertTrue(m.find(), "docs/monitoring.md lacks the JMX engine list");
        List<String> expected = new ArrayList<>();
        EngineRegistry.ALL.forEach(d -> expected.add(d.name()));
        expected.add("cassandra");
        assertEquals(expected, Arrays.asList(m.group(1).split("\\|")));
    }

    @Test
    void routingOrderIsTheRegistrys() {
        Matcher m = Pattern.compile("in this\\s+order: ((?:\\*\\*[A-Za-z]+\\*\\*(?:, )?)+)").matcher(configuration);
        assertTrue(m.find(), "docs/configuration.md lacks the routing order");
        List<String> documentedOrder = new ArrayList<>();
        for (Matcher name = Pattern.compile("\\*\\*([A-Za-z]+)\\*\\*").matcher(m.group(1)); name.find(); ) {
            documentedOrder.add(name.group(1).toLowerCase(Locale.ROOT));
        }
        assertEquals(EngineRegistry.ALL.stream().map(EngineDescriptor::name).collect(Collectors.toList()), documentedOrder);
    }
}
