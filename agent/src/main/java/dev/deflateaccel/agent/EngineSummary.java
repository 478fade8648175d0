package dev.deflateaccel.agent;

import java.util.ArrayList;
import java.util.List;

import dev.deflateaccel.bridge.DeflateBridge;
import dev.deflateaccel.bridge.config.ConfigKey;
import dev.deflateaccel.bridge.engine.DeflateEngine;

/** One line naming the engines a bridge routes to, for the log, JMX and the status command. */
final class EngineSummary {
    private EngineSummary() {
    }

    /** "compress: libdeflate, zlib; decompress: libdeflate, zlib" (enabled and available engines, in order). */
    static String describe(DeflateBridge bridge) {
        return "compress: " + engines(bridge, true) + "; decompress: " + engines(bridge, false);
    }

    private static String engines(DeflateBridge bridge, boolean compress) {
        List<String> names = new ArrayList<>();
        for (DeflateEngine e : bridge.engines()) {
            ConfigKey key = ConfigKey.forKey("use_" + e.name() + (compress ? "_compress" : "_uncompress"));
            if (key != null && bridge.config().enabled(key)) {
                names.add(e.status().isAvailable() ? e.name() : e.name() + " (unavailable: " + shortened(e.status().detail()) + ")");
            }
        }
        return names.isEmpty() ? "none (Cassandra's own code)" : String.join(", ", names);
    }

    /** The first sentence of a reason, at most 120 characters: the log has the rest. */
    private static String shortened(String detail) {
        String s = detail;
        int cut = s.indexOf(": Unable to load library");
        if (cut > 0) {
            s = s.substring(0, cut);
        }
        return s.length() <= 120 ? s : s.substring(0, 117) + "...";
    }
}
