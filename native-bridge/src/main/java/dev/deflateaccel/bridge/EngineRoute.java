package dev.deflateaccel.bridge;

import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import dev.deflateaccel.bridge.engine.DeflateEngine;
import dev.deflateaccel.bridge.engine.IaaEngine;
import dev.deflateaccel.bridge.engine.IgzipEngine;
import dev.deflateaccel.bridge.engine.QatEngine;
import dev.deflateaccel.bridge.stats.Direction;
import dev.deflateaccel.bridge.stats.EngineStatistics;
import dev.deflateaccel.bridge.stats.StatisticsRegistry;

/**
 * The engines of one direction in routing order, with their statistics, and zlib-accel's two
 * routing rules on top of the plain order:
 * <ul>
 * <li>when QAT and IAA are both in the chain, {@code iaa_*_percentage} percent of calls try IAA
 *     first (the other accelerator is still tried if the chosen one declines);</li>
 * <li>with {@code igzip_fallback = 0}, a call an accelerator failed skips igzip.</li>
 * </ul>
 */
final class EngineRoute {
    final DeflateEngine[] engines;
    final EngineStatistics[] stats;
    private final int iaaFirstPercent;
    private final int acceleratorCount;
    private final int igzipIndex;
    private final boolean igzipFallback;

    EngineRoute(List<DeflateEngine> chain, Direction direction, StatisticsRegistry registry,
                int iaaPercent, boolean igzipFallback) {
        this.engines = chain.toArray(new DeflateEngine[0]);
        this.stats = new EngineStatistics[engines.length];
        int accelerators = 0;
        int igzip = -1;
        for (int i = 0; i < engines.length; i++) {
            stats[i] = registry.of(engines[i].name(), direction);
            String name = engines[i].name();
            if (name.equals(QatEngine.NAME) || name.equals(IaaEngine.NAME)) {
                accelerators++;
            } else if (name.equals(IgzipEngine.NAME)) {
                igzip = i;
            }
        }
        this.acceleratorCount = accelerators;
        this.igzipIndex = igzip;
        this.igzipFallback = igzipFallback;
        // The chain is built QAT before IAA, so with both present they are at 0 and 1.
        this.iaaFirstPercent = accelerators == 2 ? iaaPercent : 0;
    }

    int length() {
        return engines.length;
    }

    /** Whether this call should try IAA before QAT; drawn once per call. */
    boolean drawIaaFirst() {
        return iaaFirstPercent > 0 && ThreadLocalRandom.current().nextInt(100) < iaaFirstPercent;
    }

    /** The chain index of the k-th attempt. */
    int index(int k, boolean iaaFirst) {
        return iaaFirst && k < 2 ? 1 - k : k;
    }

    boolean isAccelerator(int index) {
        return index < acceleratorCount;
    }

    /** Whether to skip this engine because an accelerator already failed this call. */
    boolean skip(int index, boolean acceleratorFailed) {
        return acceleratorFailed && !igzipFallback && index == igzipIndex;
    }
}
