package dev.deflateaccel.bridge;

import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import dev.deflateaccel.bridge.EngineDescriptor.Role;
import dev.deflateaccel.bridge.engine.DeflateEngine;
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
    private final boolean[] accelerator;
    private final int qatIndex;
    private final int iaaIndex;
    private final int iaaFirstPercent;
    private final int igzipIndex;
    private final boolean igzipFallback;

    EngineRoute(List<EngineChain.Link> chain, Direction direction, StatisticsRegistry registry,
                int iaaPercent, boolean igzipFallback) {
        int n = chain.size();
        this.engines = new DeflateEngine[n];
        this.stats = new EngineStatistics[n];
        this.accelerator = new boolean[n];
        for (int i = 0; i < n; i++) {
            EngineChain.Link link = chain.get(i);
            engines[i] = link.engine;
            stats[i] = registry.of(link.descriptor.name(), direction);
            accelerator[i] = link.descriptor.role() == Role.ACCELERATOR;
        }
        this.qatIndex = indexOf(chain, EngineRegistry.QAT);
        this.iaaIndex = indexOf(chain, EngineRegistry.IAA);
        this.igzipIndex = indexOf(chain, EngineRegistry.IGZIP);
        this.igzipFallback = igzipFallback;
        this.iaaFirstPercent = qatIndex >= 0 && iaaIndex >= 0 ? iaaPercent : 0;
    }

    private static int indexOf(List<EngineChain.Link> chain, EngineDescriptor d) {
        for (int i = 0; i < chain.size(); i++) {
            if (chain.get(i).descriptor == d) {
                return i;
            }
        }
        return -1;
    }

    int length() {
        return engines.length;
    }

    /** Whether this call should try IAA before QAT; drawn once per call. */
    boolean drawIaaFirst() {
        return iaaFirstPercent > 0 && ThreadLocalRandom.current().nextInt(100) < iaaFirstPercent;
    }

    /** The chain index of the k-th attempt: QAT and IAA trade places when IAA goes first. */
    int index(int k, boolean iaaFirst) {
        if (iaaFirst) {
            if (k == qatIndex) {
                return iaaIndex;
            }
            if (k == iaaIndex) {
                return qatIndex;
            }
        }
        return k;
    }

    boolean isAccelerator(int index) {
        return accelerator[index];
    }

    /** Whether to skip this engine because an accelerator already failed this call. */
    boolean skip(int index, boolean acceleratorFailed) {
        return acceleratorFailed && !igzipFallback && index == igzipIndex;
    }
}
