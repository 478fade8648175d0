package dev.deflateaccel.agent.advise;

/** Cassandra's NoopCompressor: a chunk is stored as it is, and read back as it is. */
final class NoopSource implements SourceCodec {
    private final String description;

    NoopSource() {
        this("NoopCompressor (chunks stored as they are)");
    }

    NoopSource(String description) {
        this.description = description;
    }

    @Override
    public String describe() {
        return description;
    }

    @Override
    public void decompress(byte[] in, int length, byte[] out) {
        if (length != out.length) {
            throw new IllegalArgumentException("a NoopCompressor chunk of " + length + " bytes, not " + out.length);
        }
        System.arraycopy(in, 0, out, 0, length);
    }

    @Override
    public int compress(byte[] in, byte[] out) {
        System.arraycopy(in, 0, out, 0, in.length);
        return in.length;
    }

    @Override
    public int bound(int length) {
        return length;
    }
}
