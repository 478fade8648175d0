package dev.deflateaccel.agent.acceptance;

/**
 * How an input reaches the engine, as it reaches it from Cassandra: a heap array
 * ({@code compressArray}, the 6-argument {@code uncompress}), a direct buffer, or a read-only
 * file mapping (SSTables read with {@code disk_access_mode: mmap}). Engines copy each kind in by a
 * different path, so each is checked.
 */
enum BufferKind {
    HEAP("heap"),
    DIRECT("direct"),
    MAPPED("mapped");

    private final String label;

    BufferKind(String label) {
        this.label = label;
    }

    @Override
    public String toString() {
        return label;
    }
}
