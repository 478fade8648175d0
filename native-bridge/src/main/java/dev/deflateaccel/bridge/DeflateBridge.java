package dev.deflateaccel.bridge;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

import dev.deflateaccel.bridge.config.AccelConfig;
import dev.deflateaccel.bridge.config.ConfigKey;
import dev.deflateaccel.bridge.engine.DeflateEngine;
import dev.deflateaccel.bridge.engine.FallbackReason;
import dev.deflateaccel.bridge.engine.ProbeOnce;
import dev.deflateaccel.bridge.engine.Region;
import dev.deflateaccel.bridge.engine.Regions;
import dev.deflateaccel.bridge.stats.CodecClock;
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
    /** Returned, uncounted, when an array region does not lie inside its array. */
    public static final int INVALID_ARGUMENTS = Integer.MIN_VALUE + 1;

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
        this.engines = Collections.unmodifiableList(new ArrayList<>(chain.opened));
        this.statistics = statistics;
        boolean igzipFallback = config.enabled(ConfigKey.IGZIP_FALLBACK);
        this.compressRoute = new EngineRoute(chain.compress, Direction.COMPRESS, statistics,
                config.intValue(ConfigKey.IAA_COMPRESS_PERCENTAGE), igzipFallback);
        this.decompressRoute = new EngineRoute(chain.decompress, Direction.DECOMPRESS, statistics,
                config.intValue(ConfigKey.IAA_UNCOMPRESS_PERCENTAGE), igzipFallback);
        // log_stats_samples alone turns the dumps on, as in zlib-accel: raising log_level to see
        // the start-up summary must not also log every counter each N calls.
        this.statsSamples = log.isEnabled(AccelLog.ERROR) ? config.value(ConfigKey.LOG_STATS_SAMPLES) : 0;
        this.problems = new ProblemReporter(log);
    }

    /** Opens the engines of {@code config}; never throws for a missing library (the engine is skipped). */
    public static DeflateBridge create(AccelConfig config, AccelLog log) {
        StatisticsRegistry statistics = new StatisticsRegistry();
        EngineChain chain = EngineChain.open(config, log);
        for (DeflateEngine e : chain.opened) {
            // Every opened engine shows up in JMX, with the native memory it holds per direction.
            statistics.of(e.name(), Direction.COMPRESS).reportNativeBytes(e.nativeMemory(true)::bytes);
            statistics.of(e.name(), Direction.DECOMPRESS).reportNativeBytes(e.nativeMemory(false)::bytes);
        }
        return new DeflateBridge(config, log, chain, statistics);
    }

    /**
     * As {@link #create}, for a reload: the device probes that failed before run again, so that a
     * device or library set up since can be found without a restart; those that found a device
     * are kept. The probes run here, on the reloading thread, never on a call.
     */
    public static DeflateBridge reopen(AccelConfig config, AccelLog log) {
        ProbeOnce.forgetFailures();
        return create(config, log);
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

    /**
     * Array regions that do not lie inside their arrays are declined with {@link #INVALID_ARGUMENTS}
     * before any engine sees them (and are not counted): Cassandra's own code then throws what
     * stock throws for them.
     */
    public int tryCompress(byte[] in, int inOffset, int inLength, byte[] out, int outOffset, int outLength) {
        if (!Regions.fit(in, inOffset, inLength, out, outOffset, outLength)) {
            return INVALID_ARGUMENTS;
        }
        return route(compressRoute, true, CallRegions.arrays(in, inOffset, inLength, out, outOffset, outLength));
    }

    public int tryDecompress(byte[] in, int inOffset, int inLength, byte[] out, int outOffset, int outLength) {
        if (!Regions.fit(in, inOffset, inLength, out, outOffset, outLength)) {
            return INVALID_ARGUMENTS;
        }
        return route(decompressRoute, false, CallRegions.arrays(in, inOffset, inLength, out, outOffset, outLength));
    }

    /** On success consumes all of {@code in} and advances {@code out}; on failure moves neither. */
    public int tryCompress(ByteBuffer in, ByteBuffer out) {
        return route(compressRoute, true, CallRegions.buffers(in, out));
    }

    public int tryDecompress(ByteBuffer in, ByteBuffer out) {
        return route(decompressRoute, false, CallRegions.buffers(in, out));
    }

    // ---- library API ----

    public int compress(byte[] in, int inOffset, int inLength, byte[] out, int outOffset, int outLength)
            throws IOException {
        checkRegions(in, inOffset, inLength, out, outOffset, outLength);
        return orThrow(tryCompress(in, inOffset, inLength, out, outOffset, outLength), Direction.COMPRESS, inLength);
    }

    public int decompress(byte[] in, int inOffset, int inLength, byte[] out, int outOffset, int outLength)
            throws IOException {
        checkRegions(in, inOffset, inLength, out, outOffset, outLength);
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

    /** What java.util.zip throws for the same arguments. */
    private static void checkRegions(byte[] in, int inOffset, int inLength, byte[] out, int outOffset, int outLength) {
        Objects.requireNonNull(in, "input");
        Objects.requireNonNull(out, "output");
        if (!Regions.fit(in, inOffset, inLength, out, outOffset, outLength)) {
            throw new ArrayIndexOutOfBoundsException("input [" + inOffset + ", +" + inLength + ") of " + in.length
                    + " or output [" + outOffset + ", +" + outLength + ") of " + out.length + " out of range");
        }
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

    /**
     * The one routing loop, for arrays and buffers alike, on this thread's {@code call} regions
     * (let go of when the call returns). The first engine that
     * completes the call wins; on a decline the same, untouched input goes to the next. A
     * VirtualMachineError (InternalError from a fault in a file mapping, OutOfMemoryError) is not
     * an engine's failure: it propagates, as it would from stock Cassandra's code. Allocates nothing.
     */
    private int route(EngineRoute route, boolean compress, CallRegions call) {
        try {
            return attemptAll(route, compress, call.in, call.out);
        } finally {
            call.clear();
        }
    }

    private int attemptAll(EngineRoute route, boolean compress, Region in, Region out) {
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
            } catch (VirtualMachineError e) {
                throw e;
            } catch (Throwable t) {
                problems.once(engine, t);
                result = FallbackReason.UNEXPECTED_EXCEPTION.code();
            }
            if (result >= 0) {
                route.stats[i].completed(in.length(), result);
                CodecClock.current().servedBy(route.stats[i]);
                if (in.isBuffer()) {
                    in.buffer().position(in.buffer().limit());
                    out.buffer().position(out.buffer().position() + result);
                }
                tick();
                return result;
            }
            route.stats[i].fellBack(FallbackReason.ofCode(result));
            acceleratorFailed |= route.isAccelerator(i);
        }
        return result;
    }

    /** Native bytes every opened engine holds now, both directions. */
    public long nativeBytes() {
        long total = 0;
        for (DeflateEngine e : engines) {
            total += e.nativeMemory(true).bytes() + e.nativeMemory(false).bytes();
        }
        return total;
    }

    /**
     * Logs all statistics every log_stats_samples completed calls (0, the default: never), at
     * every log_level but 0. With no dumps configured the call path does not touch the counter.
     */
    private void tick() {
        if (statsSamples > 0 && operations.incrementAndGet() % statsSamples == 0) {
            for (EngineStatistics s : statistics.all()) {
                log.statistics("stats " + s.summary());
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
