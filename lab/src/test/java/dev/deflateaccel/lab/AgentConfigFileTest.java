package dev.deflateaccel.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import dev.deflateaccel.bridge.EngineDescriptor;
import dev.deflateaccel.bridge.EngineRegistry;
import dev.deflateaccel.bridge.config.AccelConfig;
import dev.deflateaccel.bridge.config.ConfigFile;
import dev.deflateaccel.bridge.config.ConfigKey;

class AgentConfigFileTest {
    /** The written file, parsed by the agent's own parser, enables exactly one engine of the registry. */
    @Test
    void switchesOnOnlyTheChosenEngineOfTheRegistry() {
        for (EngineDescriptor chosen : EngineRegistry.ALL) {
            String text = AgentConfigFile.onlyEngine(chosen.name());
            AccelConfig config = ConfigFile.parse(List.of(text.split("\n")), "bench.conf");
            assertEquals(List.of(), config.warnings(), text);
            for (EngineDescriptor d : EngineRegistry.ALL) {
                assertEquals(d == chosen, d.compresses(config), d + " compress in " + text);
                assertEquals(d == chosen, d.decompresses(config), d + " decompress in " + text);
            }
        }
        String igzip = AgentConfigFile.onlyEngine("igzip");
        assertTrue(igzip.contains("igzip_compression_level = 1\n"));
        assertTrue(igzip.contains("libdeflate_compression_level = 6\n"));
    }

    /** Levels and the context bound reach the agent's parser as given; 0 contexts leaves its default. */
    @Test
    void writesLevelsAndContextBound() {
        String text = AgentConfigFile.onlyEngine("libdeflate", 9, 3, 64);
        AccelConfig config = ConfigFile.parse(List.of(text.split("\n")), "bench.conf");
        assertEquals(List.of(), config.warnings(), text);
        assertEquals(9, config.intValue(ConfigKey.LIBDEFLATE_COMPRESSION_LEVEL));
        assertEquals(3, config.intValue(ConfigKey.IGZIP_COMPRESSION_LEVEL));
        assertEquals(64, config.intValue(ConfigKey.MAX_NATIVE_CONTEXTS));
        String byDefault = AgentConfigFile.onlyEngine("igzip", 6, 1, 0);
        assertEquals(0, ConfigFile.parse(List.of(byDefault.split("\n")), "bench.conf")
                .intValue(ConfigKey.MAX_NATIVE_CONTEXTS));
        assertEquals(AgentConfigFile.onlyEngine("igzip"), byDefault);
    }

    /** The runner's copy of the engine list (it cannot load the bridge) is the registry's, in order. */
    @Test
    void engineListIsTheRegistrys() {
        assertEquals(EngineRegistry.ALL.stream().map(EngineDescriptor::name).collect(Collectors.toList()),
                List.of(AgentConfigFile.ENGINES));
    }
}
