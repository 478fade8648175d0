package dev.deflateaccel.bridge;

import java.util.ArrayList;
import java.util.List;

import dev.deflateaccel.bridge.config.AccelConfig;
import dev.deflateaccel.bridge.config.ConfigKey;
import dev.deflateaccel.bridge.engine.DeflateEngine;
import dev.deflateaccel.bridge.engine.IaaEngine;
import dev.deflateaccel.bridge.engine.IgzipEngine;
import dev.deflateaccel.bridge.engine.LibdeflateEngine;
import dev.deflateaccel.bridge.engine.QatEngine;
import dev.deflateaccel.bridge.engine.ZlibEngine;

/**
 * Opens the engines a config asks for, in routing order: the accelerators QAT then IAA, then
 * ISA-L igzip, then libdeflate, then java.util.zip. igzip comes before libdeflate because an
 * operator who turns igzip on asks for its speed; libdeflate is on by default.
 */
final class EngineChain {
    final List<DeflateEngine> opened = new ArrayList<>();
    final List<DeflateEngine> compress = new ArrayList<>();
    final List<DeflateEngine> decompress = new ArrayList<>();

    static EngineChain open(AccelConfig config, AccelLog log) {
        EngineChain chain = new EngineChain();
        int contexts = maxContexts(config);
        int maxBuffer = config.intValue(ConfigKey.MAX_NATIVE_BUFFER_KB) * 1024;
        boolean verify = config.enabled(ConfigKey.VERIFY_ACCELERATOR_OUTPUT);

        if (config.enabled(ConfigKey.QAT_COMPRESSION_ALLOW_CHUNKING)) {
            log.warn("qat_compression_allow_chunking = 1 refused: chunked output is several concatenated zlib"
                    + " streams and stock Cassandra's Inflater stops after the first, silently losing the rest;"
                    + " QAT takes only chunks up to its hardware buffer size");
        }
        if (config.enabled(ConfigKey.USE_QAT_COMPRESS) || config.enabled(ConfigKey.USE_QAT_UNCOMPRESS)) {
            chain.add(QatEngine.open(library(config, ConfigKey.QAT_LIBRARY, QatEngine.DEFAULT_LIBRARY),
                            config.intValue(ConfigKey.QAT_COMPRESSION_LEVEL),
                            config.enabled(ConfigKey.QAT_PERIODICAL_POLLING), verify, contexts, maxBuffer),
                    config, ConfigKey.USE_QAT_COMPRESS, ConfigKey.USE_QAT_UNCOMPRESS, log);
        }
        if (config.enabled(ConfigKey.USE_IAA_COMPRESS) || config.enabled(ConfigKey.USE_IAA_UNCOMPRESS)) {
            chain.add(IaaEngine.open(library(config, ConfigKey.IAA_LIBRARY, IaaEngine.DEFAULT_LIBRARY), verify,
                            config.enabled(ConfigKey.IAA_PREPEND_EMPTY_BLOCK), contexts, maxBuffer),
                    config, ConfigKey.USE_IAA_COMPRESS, ConfigKey.USE_IAA_UNCOMPRESS, log);
        }

        if (config.enabled(ConfigKey.USE_IGZIP_COMPRESS) || config.enabled(ConfigKey.USE_IGZIP_UNCOMPRESS)) {
            chain.add(IgzipEngine.open(library(config, ConfigKey.IGZIP_LIBRARY, IgzipEngine.DEFAULT_LIBRARY),
                            config.intValue(ConfigKey.IGZIP_COMPRESSION_LEVEL), contexts, maxBuffer),
                    config, ConfigKey.USE_IGZIP_COMPRESS, ConfigKey.USE_IGZIP_UNCOMPRESS, log);
        }
        if (config.enabled(ConfigKey.USE_LIBDEFLATE_COMPRESS) || config.enabled(ConfigKey.USE_LIBDEFLATE_UNCOMPRESS)) {
            chain.add(LibdeflateEngine.open(
                            library(config, ConfigKey.LIBDEFLATE_LIBRARY, LibdeflateEngine.DEFAULT_LIBRARY),
                            config.intValue(ConfigKey.LIBDEFLATE_COMPRESSION_LEVEL), contexts, maxBuffer),
                    config, ConfigKey.USE_LIBDEFLATE_COMPRESS, ConfigKey.USE_LIBDEFLATE_UNCOMPRESS, log);
        }
        if (config.enabled(ConfigKey.USE_ZLIB_COMPRESS) || config.enabled(ConfigKey.USE_ZLIB_UNCOMPRESS)) {
            chain.add(new ZlibEngine(contexts), config, ConfigKey.USE_ZLIB_COMPRESS, ConfigKey.USE_ZLIB_UNCOMPRESS, log);
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

    private void add(DeflateEngine engine, AccelConfig config, ConfigKey compressKey, ConfigKey decompressKey,
                     AccelLog log) {
        boolean forCompress = config.enabled(compressKey);
        boolean forDecompress = config.enabled(decompressKey);
        opened.add(engine);
        if (!engine.status().isAvailable()) {
            // Said once, at start-up; the engine then costs nothing per call. QAT is on by
            // default (as in zlib-accel): on a host without it, unless the operator asked for
            // it, that is news only at info level.
            String line = "engine " + engine.name() + " is enabled but " + engine.status() + "; skipping it";
            boolean askedFor = !engine.name().equals(QatEngine.NAME) || config.isSet(compressKey)
                    || config.isSet(decompressKey) || config.isSet(ConfigKey.QAT_LIBRARY);
            if (askedFor) {
                log.warn(line);
            } else {
                log.info(line);
            }
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
