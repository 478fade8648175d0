package dev.deflateaccel.bridge;

import java.util.ArrayList;
import java.util.List;

import dev.deflateaccel.bridge.config.AccelConfig;
import dev.deflateaccel.bridge.config.ConfigKey;
import dev.deflateaccel.bridge.engine.DeflateEngine;
import dev.deflateaccel.bridge.engine.IgzipEngine;
import dev.deflateaccel.bridge.engine.LibdeflateEngine;
import dev.deflateaccel.bridge.engine.ZlibEngine;

/**
 * Opens the engines a config asks for, in routing order: accelerators first (QAT and IAA come
 * with a later release; their keys are already parsed), then ISA-L igzip, then libdeflate, then
 * java.util.zip. igzip comes before libdeflate because an operator who turns igzip on asks for
 * its speed; libdeflate is on by default.
 */
final class EngineChain {
    final List<DeflateEngine> opened = new ArrayList<>();
    final List<DeflateEngine> compress = new ArrayList<>();
    final List<DeflateEngine> decompress = new ArrayList<>();

    static EngineChain open(AccelConfig config, AccelLog log) {
        EngineChain chain = new EngineChain();
        int contexts = maxContexts(config);
        int maxBuffer = config.intValue(ConfigKey.MAX_NATIVE_BUFFER_KB) * 1024;

        if (config.enabled(ConfigKey.USE_IGZIP_COMPRESS) || config.enabled(ConfigKey.USE_IGZIP_UNCOMPRESS)) {
            chain.add(IgzipEngine.open(library(config, ConfigKey.IGZIP_LIBRARY, IgzipEngine.DEFAULT_LIBRARY),
                            config.intValue(ConfigKey.IGZIP_COMPRESSION_LEVEL), contexts, maxBuffer),
                    config.enabled(ConfigKey.USE_IGZIP_COMPRESS), config.enabled(ConfigKey.USE_IGZIP_UNCOMPRESS), log);
        }
        if (config.enabled(ConfigKey.USE_LIBDEFLATE_COMPRESS) || config.enabled(ConfigKey.USE_LIBDEFLATE_UNCOMPRESS)) {
            chain.add(LibdeflateEngine.open(
                            library(config, ConfigKey.LIBDEFLATE_LIBRARY, LibdeflateEngine.DEFAULT_LIBRARY),
                            config.intValue(ConfigKey.LIBDEFLATE_COMPRESSION_LEVEL), contexts, maxBuffer),
                    config.enabled(ConfigKey.USE_LIBDEFLATE_COMPRESS),
                    config.enabled(ConfigKey.USE_LIBDEFLATE_UNCOMPRESS), log);
        }
        if (config.enabled(ConfigKey.USE_ZLIB_COMPRESS) || config.enabled(ConfigKey.USE_ZLIB_UNCOMPRESS)) {
            chain.add(new ZlibEngine(contexts),
                    config.enabled(ConfigKey.USE_ZLIB_COMPRESS), config.enabled(ConfigKey.USE_ZLIB_UNCOMPRESS), log);
        }
        return chain;
    }

    /** The context bound per engine and direction: the configured one, or 4 per CPU (at least 8). */
    static int maxContexts(AccelConfig config) {
        int configured = config.intValue(ConfigKey.MAX_NATIVE_CONTEXTS);
        return configured > 0 ? configured : Math.max(8, 4 * Runtime.getRuntime().availableProcessors());
    }

    private static String library(AccelConfig config, ConfigKey key, String defaultName) {
        String path = config.text(key);
        return path.isEmpty() ? defaultName : path;
    }

    private void add(DeflateEngine engine, boolean forCompress, boolean forDecompress, AccelLog log) {
        opened.add(engine);
        if (!engine.status().isAvailable()) {
            // Said once, at start-up; the engine then costs nothing per call.
            log.warn("engine " + engine.name() + " is enabled but " + engine.status() + "; skipping it");
            return;
        }
        log.info("engine " + engine.name() + " " + engine.status().detail()
                + (forCompress ? ", compress" : "") + (forDecompress ? ", decompress" : ""));
        if (forCompress) {
            compress.add(engine);
        }
        if (forDecompress) {
            decompress.add(engine);
        }
    }
}
