package dev.deflateaccel.agent.advise;

import java.util.ArrayList;
import java.util.List;

import dev.deflateaccel.bridge.EngineDescriptor;
import dev.deflateaccel.bridge.EngineRegistry;
import dev.deflateaccel.bridge.config.ConfigKey;

/** The agent's config lines (zlib-accel's keys) that select one engine and level for the node. */
final class ConfigLines {
    private ConfigLines() {
    }

    /**
     * Every {@code use_*} key, so that the route is explicit: both directions to the engine, with
     * java.util.zip after it for anything it declines, every other engine off; then its level key.
     */
    static List<String> of(Candidate c) {
        List<String> lines = new ArrayList<>();
        for (EngineDescriptor d : EngineRegistry.ALL) {
            int on = d == c.descriptor || d == EngineRegistry.ZLIB ? 1 : 0;
            lines.add(d.compressKey().key() + " = " + on);
            lines.add(d.decompressKey().key() + " = " + on);
        }
        if (c.levelKey() != null) {
            lines.add(c.levelKey().key() + " = " + c.level);
        }
        if (c.descriptor == EngineRegistry.IAA) {
            // zlib-accel's default sends only half the calls to IAA.
            lines.add(ConfigKey.IAA_COMPRESS_PERCENTAGE.key() + " = 100");
            lines.add(ConfigKey.IAA_UNCOMPRESS_PERCENTAGE.key() + " = 100");
        }
        return lines;
    }
}
