package dev.deflateaccel.agent.advise;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.CRC32;

import dev.deflateaccel.sample.RowBytes;

/**
 * Writes an SSTable's Data.db and CompressionInfo.db as Cassandra 4.0+ writes them
 * (CompressedSequentialWriter, CompressionMetadata.Writer): each chunk compressed, or stored as it
 * is (padded to maxCompressedLength) when compression does not get below maxCompressedLength,
 * followed by its CRC32; the header, then one offset per chunk. The other components of an SSTable
 * are not needed by the advisor and are not written.
 */
final class SyntheticSSTable {
    interface Compress {
        byte[] compress(byte[] chunk) throws Exception;
    }

    static Compress deflate() {
        return chunk -> {
            DeflateSource d = new DeflateSource();
            byte[] out = new byte[d.bound(chunk.length)];
            return Arrays.copyOf(out, d.compress(chunk, out));
        };
    }

    /** The SSTable's content uncompressed: what its chunks decompress to, in order. */
    final byte[] uncompressed;
    final Path data;
    final Path compressionInfo;

    private SyntheticSSTable(byte[] uncompressed, Path data, Path compressionInfo) {
        this.uncompressed = uncompressed;
        this.data = data;
        this.compressionInfo = compressionInfo;
    }

    static SyntheticSSTable deflate(Path folder, int generation, int bytes, int chunkLength) throws Exception {
        return write(folder, generation, "DeflateCompressor", new TreeMap<String, String>(), bytes, chunkLength,
                Integer.MAX_VALUE, deflate());
    }

    static SyntheticSSTable write(Path folder, int generation, String compressor, Map<String, String> options, int bytes,
            int chunkLength, int maxCompressedLength, Compress codec) throws Exception {
        return write(folder, generation, compressor, options, bytes, chunkLength, maxCompressedLength, codec, false);
    }

    /**
     * {@code emptyLastChunk}: one more chunk with nothing stored, only the checksum of nothing, as
     * Cassandra 4.0.19 ends a compaction's SSTable (seen in InstalledBaseIT's nodes).
     */
    static SyntheticSSTable write(Path folder, int generation, String compressor, Map<String, String> options, int bytes,
            int chunkLength, int maxCompressedLength, Compress codec, boolean emptyLastChunk) throws Exception {
        Files.createDirectories(folder);
        byte[] content = RowBytes.generate(bytes, 4711L + generation);
        ByteArrayOutputStream data = new ByteArrayOutputStream();
        int dataChunks = (bytes + chunkLength - 1) / chunkLength;
        int chunks = dataChunks + (emptyLastChunk ? 1 : 0);
        long[] offsets = new long[chunks];
        if (emptyLastChunk) {
            offsets[dataChunks] = -1;
        }
        for (int i = 0; i < dataChunks; i++) {
            offsets[i] = data.size();
            byte[] chunk = Arrays.copyOfRange(content, i * chunkLength, Math.min(bytes, (i + 1) * chunkLength));
            byte[] stored = codec.compress(chunk);
            if (stored.length >= maxCompressedLength) {
                stored = Arrays.copyOf(chunk, Math.max(chunk.length, maxCompressedLength));
            }
            data.write(stored);
            CRC32 crc = new CRC32();
            crc.update(stored);
            new DataOutputStream(data).writeInt((int) crc.getValue());
        }
        if (emptyLastChunk) {
            offsets[dataChunks] = data.size();
            new DataOutputStream(data).writeInt((int) new CRC32().getValue());
        }
        ByteArrayOutputStream info = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(info);
        out.writeUTF(compressor);
        out.writeInt(options.size());
        for (Map.Entry<String, String> e : options.entrySet()) {
            out.writeUTF(e.getKey());
            out.writeUTF(e.getValue());
        }
        out.writeInt(chunkLength);
        out.writeInt(maxCompressedLength);
        out.writeLong(bytes);
        out.writeInt(chunks);
        for (long o : offsets) {
            out.writeLong(o);
        }
        Path d = folder.resolve("nb-" + generation + "-big-Data.db");
        Path c = folder.resolve("nb-" + generation + "-big-CompressionInfo.db");
        Files.write(d, data.toByteArray());
        Files.write(c, info.toByteArray());
        return new SyntheticSSTable(content, d, c);
    }

    /**
     * A table with compression disabled: Data.db holds the rows as they are, no CompressionInfo.db,
     * and a TOC.txt that lists the components without it, as Cassandra writes them.
     */
    static SyntheticSSTable uncompressed(Path folder, int generation, int bytes) throws IOException {
        Files.createDirectories(folder);
        byte[] content = RowBytes.generate(bytes, 4711L + generation);
        Path d = folder.resolve("nb-" + generation + "-big-Data.db");
        Files.write(d, content);
        Files.write(folder.resolve("nb-" + generation + "-big-TOC.txt"),
                "Data.db\nIndex.db\nStatistics.db\nDigest.crc32\nFilter.db\nSummary.db\nTOC.txt\n".getBytes("UTF-8"));
        return new SyntheticSSTable(content, d, folder.resolve("nb-" + generation + "-big-CompressionInfo.db"));
    }

    static void flipByte(Path file, long at) throws IOException {
        byte[] b = Files.readAllBytes(file);
        b[(int) at] ^= 0x5a;
        Files.write(file, b);
    }
}
