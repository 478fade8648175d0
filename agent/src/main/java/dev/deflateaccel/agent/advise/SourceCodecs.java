package dev.deflateaccel.agent.advise;

import java.util.Map;

/** The reader for each compressor class Cassandra 4.0 to 6.0 ship; any other is refused by name. */
final class SourceCodecs {
    private SourceCodecs() {
    }

    static SourceCodec forClass(String qualifiedClass, Map<String, String> options, NodeLibraries libraries)
            throws AdviseException {
        switch (qualifiedClass) {
            case CompressionInfo.CASSANDRA_PACKAGE + "DeflateCompressor":
                return new DeflateSource();
            case CompressionInfo.CASSANDRA_PACKAGE + "LZ4Compressor":
                return new Lz4Source(libraries, options);
            case CompressionInfo.CASSANDRA_PACKAGE + "ZstdCompressor":
                return new ZstdSource(libraries, options);
            case CompressionInfo.CASSANDRA_PACKAGE + "SnappyCompressor":
                return new SnappySource(libraries);
            case CompressionInfo.CASSANDRA_PACKAGE + "NoopCompressor":
                return new NoopSource();
            case CompressionInfo.UNCOMPRESSED:
                return new NoopSource("compression disabled (Data.db read in 16 KiB pieces as it is)");
            default:
                throw new AdviseException("unknown compressor class " + qualifiedClass + ": the advisor reads"
                        + " DeflateCompressor, LZ4Compressor, ZstdCompressor, SnappyCompressor and NoopCompressor SSTables");
        }
    }
}
