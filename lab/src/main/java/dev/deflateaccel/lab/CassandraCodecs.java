package dev.deflateaccel.lab;

import java.util.Map;

import org.apache.cassandra.io.compress.DeflateCompressor;
import org.apache.cassandra.io.compress.ICompressor;
import org.apache.cassandra.io.compress.LZ4Compressor;
import org.apache.cassandra.io.compress.ZstdCompressor;

/**
 * Cassandra's own compressor classes, created the way CompressionParams creates them from a table's
 * options (an empty option map = the defaults: Deflate level 6 via java.util.zip, LZ4 fast, Zstd 3).
 * With the agent loaded, the DeflateCompressor returned here is the rewritten one.
 */
public final class CassandraCodecs {
    public static final String DEFLATE = "deflate";
    public static final String LZ4 = "lz4";
    public static final String ZSTD = "zstd";

    private CassandraCodecs() {
    }

    public static ICompressor create(String codec) {
        switch (codec) {
            case DEFLATE:
                return DeflateCompressor.create(Map.of());
            case LZ4:
                return LZ4Compressor.create(Map.of());
            case ZSTD:
                return ZstdCompressor.create(Map.of());
            default:
                throw new IllegalArgumentException("unknown codec '" + codec + "' (deflate, lz4, zstd)");
        }
    }
}
