package dev.deflateaccel.agent.advise;

/**
 * One row the goals weigh, for a table or for the node: keeping the current compressor, or one
 * engine and level. Plain numbers, so that the decision can be tested without timing anything.
 */
final class Alternative {
    /** Engines by how widely a host has them, for the tie-break: stock zlib everywhere, QAT and IAA least. */
    static final String[] BY_AVAILABILITY = {"zlib", "libdeflate", "igzip", "qat", "iaa"};

    final String label;
    /** The row of the compressor the table (or node) has today. */
    final boolean current;
    /** The engine's name for a candidate ({@code zlib}, {@code libdeflate}, ...); the compressor for the current row. */
    final String engine;
    /** Predicted Data.db bytes. */
    final double bytes;
    /** The sample's margin on {@link #bytes}, a fraction (0 when every chunk was read). */
    final double sizeMargin;
    final double decompressSecondsPerGB;
    final double compressSecondsPerGB;
    /** Half the spread of the passes, in CPU s/GB. */
    final double decompressSpread;
    final double compressSpread;

    Alternative(String label, boolean current, String engine, double bytes, double sizeMargin,
            double decompressSecondsPerGB, double decompressSpread, double compressSecondsPerGB,
            double compressSpread) {
        this.label = label;
        this.current = current;
        this.engine = engine;
        this.bytes = bytes;
        this.sizeMargin = sizeMargin;
        this.decompressSecondsPerGB = decompressSecondsPerGB;
        this.decompressSpread = decompressSpread;
        this.compressSecondsPerGB = compressSecondsPerGB;
        this.compressSpread = compressSpread;
    }

    double cost(CostModel model) {
        return model.cost(decompressSecondsPerGB, compressSecondsPerGB);
    }

    /** Half the spread of {@link #cost}: the passes' spreads, weighted as the cost is. */
    double costSpread(CostModel model) {
        return model.cost(decompressSpread, compressSpread);
    }

    /** 0 for stock zlib (and for keeping what is there: nothing to install), higher for rarer engines. */
    int availabilityRank() {
        if (current) {
            return 0;
        }
        for (int i = 0; i < BY_AVAILABILITY.length; i++) {
            if (BY_AVAILABILITY[i].equals(engine)) {
                return i;
            }
        }
        return BY_AVAILABILITY.length;
    }

    @Override
    public String toString() {
        return label;
    }
}
