package dev.deflateaccel.bridge;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import dev.deflateaccel.bridge.config.AccelConfig;
import dev.deflateaccel.bridge.config.ConfigKey;
import dev.deflateaccel.bridge.engine.DeflateEngine;
import dev.deflateaccel.bridge.engine.FallbackReason;
import dev.deflateaccel.bridge.stats.Direction;
import dev.deflateaccel.bridge.stats.EngineStatistics;
import dev.deflateaccel.bridge.stats.StatisticsRegistry;

/**
 * Routes each one-shot zlib compress or decompress call through the configured engines: the
 * first enabled, available engine that completes it wins; on any decline or failure the same,
 * untouched input goes to the next engine. Output of a failed attempt is never taken as a result.
 *
 * <p>The {@code try*} methods return the bytes written, or a negative {@link FallbackReason}
 * code (of the last engine tried; {@link #NO_ENGINE} when none is enabled) and never throw: the
 * agent then runs Cassandra's own code. The throwing methods are the library API: with
 * {@code use_zlib_*=0} a call no engine completes is an IOException.
 */
public final class DeflateBridge implements AutoCloseable {
    /** Returned when no engine is enabled and available for that direction. */
    public static final int NO_ENGINE = Integer.MIN_VALUE;

    private final List<DeflateEngine> engines;
    private final EngineRoute compressRoute;
    private final EngineRoute decompressRoute;
    private final StatisticsRegistry statistics;
    private final AccelLog log;
    private final AccelConfig config;
    private final long statsSamples;
    private final AtomicLong operations = new AtomicLong();
    private final ProblemReporter problems;

    private DeflateBridge(AccelConfig config, AccelLog log, EngineChain chain, StatisticsRegistry statistics) {
        this.config = config;
        this.log = log;
        this.engines = List.copyOf(chain.opened);
        this.statistics = statistics;
        boolean igzipFallback = config.enabled(ConfigKey.IGZIP_FALLBACK);
        this.compressRoute = new EngineRoute(chain.compress, Direction.COMPRESS, statistics,
                config.intValue(ConfigKey.IAA_COMPRESS_PERCENTAGE), igzipFallback);
        this.decompressRoute = new EngineRoute(chain.decompress, Direction.DECOMPRESS, statistics,
                config.intValue(ConfigKey.IAA_UNCOMPRESS_PERCENTAGE), igzipFallback);
        this.statsSamples = log.isEnabled(AccelLog.INFO) ? config.value(ConfigKey.LOG_STATS_SAMPLES) : 0;
        this.problems = new ProblemReporter(log);
    }

    /** Opens the engines of {@code config}; never throws for a missing library (the engine is skipped). */
    public static DeflateBridge create(AccelConfig config, AccelLog log) {
        StatisticsRegistry statistics = new StatisticsRegistry();
        EngineChain chain = EngineChain.open(config, log);
        for (DeflateEngine e : chain.opened) {
            statistics.of(e.name(), Direction.COMPRESS); // every opened engine shows up in JMX
        }
        return new DeflateBridge(config, log, chain, statistics);
    }

    public AccelConfig config() {
        return config;
    }

    public AccelLog log() {
        return log;
    }

    public StatisticsRegistry statistics() {
        return statistics;
    }

    /** Every engine the config enabled, available or not, in routing order. */
    public List<DeflateEngine> engines() {
        return engines;
    }

    public boolean canCompress() {
        return compressRoute.length() > 0;
    }

    public boolean canDecompress() {
        return decompressRoute.length() > 0;
    }

    // ---- never-throwing API (the agent's) ----

    public int tryCompress(byte[] in, int inOffset, int inLength, byte[] out, int outOffset, int outLength) {
        return route(compressRoute, true, in, inOffset, inLength, out, outOffset, outLength);
    }

    public int tryDecompress(byte[] in, int inOffset, int inLength, byte[] out, int outOffset, int outLength) {
        return route(decompressRoute, false, in, inOffset, inLength, out, outOffset, outLength);
    }

    /** On success consumes all of {@code in} and advances {@code out}; on failure moves neither. */
    public int tryCompress(ByteBuffer in, ByteBuffer out) {
        return route(compressRoute, true, in, out);
    }

    public int tryDecompress(ByteBuffer in, ByteBuffer out) {
        return route(decompressRoute, false, in, out);
    }

    // ---- library API ----

    public int compress(byte[] in, int inOffset, int inLength, byte[] out, int outOffset, int outLength)
            throws IOException {
        return orThrow(tryCompress(in, inOffset, inLength, out, outOffset, outLength), Direction.COMPRESS, inLength);
    }

    public int decompress(byte[] in, int inOffset, int inLength, byte[] out, int outOffset, int outLength)
            throws IOException {
        return orThrow(tryDecompress(in, inOffset, inLength, out, outOffset, outLength), Direction.DECOMPRESS, inLength);
    }

    public int compress(ByteBuffer in, ByteBuffer out) throws IOException {
        int length = in.remaining();
        return orThrow(tryCompress(in, out), Direction.COMPRESS, length);
    }

    public int decompress(ByteBuffer in, ByteBuffer out) throws IOException {
        int length = in.remaining();
        return orThrow(tryDecompress(in, out), Direction.DECOMPRESS, length);
    }

    private static int orThrow(int result, Direction direction, int inLength) throws IOException {
        if (result >= 0) {
            return result;
        }
        String why = result == NO_ENGINE
                ? "no engine is enabled and available"
                : "the last engine tried reported " + FallbackReason.ofCode(result);
        throw new IOException(direction.label() + " of " + inLength + " bytes failed: " + why
                + (direction == Direction.DECOMPRESS ? " (corrupt or truncated input?)" : ""));
    }

    // ---- routing ----

    private int route(EngineRoute route, boolean compress,
                      byte[] in, int inOffset, int inLength, byte[] out, int outOffset, int outLength) {
        int result = NO_ENGINE;
        boolean iaaFirst = route.drawIaaFirst();
        boolean acceleratorFailed = false;
        for (int k = 0; k < route.length(); k++) {
            int i = route.index(k, iaaFirst);
            if (route.skip(i, acceleratorFailed)) {
                continue;
            }
            DeflateEngine engine = route.engines[i];
            try {
                result = compress
                        ? engine.compress(in, inOffset, inLength, out, outOffset, outLength)
                        : engine.decompress(in, inOffset, inLength, out, outOffset, outLength);
            } catch (Throwable t) {
                problems.once(engine, t);
                result = FallbackReason.UNEXPECTED_EXCEPTION.code();
            }
            if (result >= 0) {
                route.stats[i].completed(inLength, result);
                tick();
                return result;
            }
            route.stats[i].fellBack(FallbackReason.ofCode(result));
            acceleratorFailed |= route.isAccelerator(i);
        }
        return result;
    }

    private int route(EngineRoute route, boolean compress, ByteBuffer in, ByteBuffer out) {
        int inLength = in.remaining();
        int result = NO_ENGINE;
        boolean iaaFirst = route.drawIaaFirst();
        boolean acceleratorFailed = false;
        for (int k = 0; k < route.length(); k++) {
            int i = route.index(k, iaaFirst);
            if (route.skip(i, acceleratorFailed)) {
                continue;
            }
            DeflateEngine engine = route.engines[i];
            try {
                result = compress ? engine.compress(in, out) : engine.decompress(in, out);
            } catch (Throwable t) {
                problems.once(engine, t);
                result = FallbackReason.UNEXPECTED_EXCEPTION.code();
            }
            if (result >= 0) {
                route.stats[i].completed(inLength, result);
                in.position(in.limit());
                out.position(out.position() + result);
                tick();
                return result;
            }
            route.stats[i].fellBack(FallbackReason.ofCode(result));
            acceleratorFailed |= route.isAccelerator(i);
        }
        return result;
    }

    /** Logs all statistics every log_stats_samples completed calls, when log_level is info or more. */
    private void tick() {
        if (statsSamples > 0 && operations.incrementAndGet() % statsSamples == 0) {
            for (EngineStatistics s : statistics.all()) {
                log.info("stats " + s.summary());
            }
        }
    }

    @Override
    public void close() {
        for (DeflateEngine e : engines) {
            e.close();
        }
    }
}
