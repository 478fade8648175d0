package dev.deflateaccel.agent;

/**
 * One call (or a few) on a DeflateCompressor, run once on the stock class and once on the woven
 * class in the forked child. Its body builds its own, fresh arguments every time it runs, so the
 * two runs start from identical state, and returns a {@link CallOutcome} line.
 */
interface ChildCase {
    /** Unique within its suite; no tabs or line breaks. */
    String name();

    String run(DeflateCompressorCalls compressor) throws Throwable;

    interface Body {
        String run(DeflateCompressorCalls compressor) throws Throwable;
    }

    static ChildCase of(String name, Body body) {
        return new ChildCase() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public String run(DeflateCompressorCalls compressor) throws Throwable {
                return body.run(compressor);
            }

            @Override
            public String toString() {
                return name;
            }
        };
    }
}
