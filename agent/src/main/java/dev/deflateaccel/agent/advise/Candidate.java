package dev.deflateaccel.agent.advise;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import dev.deflateaccel.bridge.EngineDescriptor;
import dev.deflateaccel.bridge.EngineRegistry;
import dev.deflateaccel.bridge.config.ConfigKey;

/** One engine at one level that the advisor measures. */
final class Candidate {
    /** libdeflate's levels measured: its fast end, two between, and its strongest level that is still quick. */
    static final int[] LIBDEFLATE_LEVELS = {1, 4, 6, 9};
    static final int[] IGZIP_LEVELS = {0, 1, 2, 3};
    /** What stock DeflateCompressor writes with: java.util.zip's default level. */
    static final int STOCK_LEVEL = 6;
    static final String STOCK = "zlib";

    /** Null for stock java.util.zip. */
    final EngineDescriptor descriptor;
    /** -1 for an engine without levels of its own (IAA). */
    final int level;

    private Candidate(EngineDescriptor descriptor, int level) {
        this.descriptor = descriptor;
        this.level = level;
    }

    /**
     * Stock zlib 6, libdeflate at {@link #LIBDEFLATE_LEVELS}, igzip 0-3, and QAT (at its
     * configured level) and IAA, which are measured where the host has them.
     */
    static List<Candidate> all(int qatLevel) {
        List<Candidate> c = new ArrayList<>();
        c.add(new Candidate(null, STOCK_LEVEL));
        for (int l : LIBDEFLATE_LEVELS) {
            c.add(new Candidate(EngineRegistry.LIBDEFLATE, l));
        }
        for (int l : IGZIP_LEVELS) {
            c.add(new Candidate(EngineRegistry.IGZIP, l));
        }
        c.add(new Candidate(EngineRegistry.QAT, qatLevel));
        c.add(new Candidate(EngineRegistry.IAA, -1));
        return Collections.unmodifiableList(c);
    }

    boolean isStock() {
        return descriptor == null;
    }

    String engine() {
        return descriptor == null ? STOCK : descriptor.name();
    }

    ConfigKey levelKey() {
        return descriptor == null ? null : descriptor.levelKey();
    }

    String label() {
        return level < 0 ? engine() : engine() + " " + level;
    }

    @Override
    public String toString() {
        return label();
    }
}
