package dev.deflateaccel.bridge;

import java.util.ArrayList;
import java.util.List;

import dev.deflateaccel.bridge.config.AccelConfig;
import dev.deflateaccel.bridge.config.ConfigKey;
import dev.deflateaccel.bridge.engine.DeflateEngine;

/** Opens the engines a config enables, in the registry's routing order, and says once what it found. */
final class EngineChain {
    /** An opened engine and what it is. */
    static final class Link {
        final EngineDescriptor descriptor;
        final DeflateEngine engine;

        Link(EngineDescriptor descriptor, DeflateEngine engine) {
            this.descriptor = descriptor;
            this.engine = engine;
        }
    }

    final List<DeflateEngine> opened = new ArrayList<>();
    final List<Link> compress = new ArrayList<>();
    final List<Link> decompress = new ArrayList<>();

    static EngineChain open(AccelConfig config, AccelLog log) {
        EngineChain chain = new EngineChain();
        if (config.enabled(ConfigKey.QAT_COMPRESSION_ALLOW_CHUNKING)) {
            log.warn("qat_compression_allow_chunking = 1 refused: chunked output is several concatenated zlib"
                    + " streams and stock Cassandra's Inflater stops after the first, silently losing the rest;"
                    + " QAT takes only chunks up to its hardware buffer size");
        }
        EngineLimits limits = EngineLimits.from(config);
        for (EngineDescriptor d : EngineRegistry.ALL) {
            if (d.enabled(config)) {
                chain.add(d, d.open(config, limits), config, log);
            }
        }
        return chain;
    }

    private void add(EngineDescriptor d, DeflateEngine engine, AccelConfig config, AccelLog log) {
        opened.add(engine);
        if (!engine.status().isAvailable()) {
            // Said once, at start-up; the engine then costs nothing per call.
            String line = "engine " + d.name() + " is enabled but " + engine.status() + "; skipping it";
            if (d.askedFor(config)) {
                log.warn(line);
            } else {
                log.info(line);
            }
            return;
        }
        log.info("engine " + d.name() + " " + engine.status().detail()
                + (d.compresses(config) ? ", compress" : "") + (d.decompresses(config) ? ", decompress" : ""));
        Link link = new Link(d, engine);
        if (d.compresses(config)) {
            compress.add(link);
        }
        if (d.decompresses(config)) {
            decompress.add(link);
        }
    }
}
