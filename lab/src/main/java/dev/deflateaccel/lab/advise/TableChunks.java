package dev.deflateaccel.lab.advise;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.apache.cassandra.io.compress.ICompressor;

/**
 * The uncompressed chunks of a node-written table of one SSTable, read back from its Data.db with
 * Cassandra's own compressor: the very chunks {@code advise} reads from that table, for the chunk
 * benchmark to time too. CompressionInfo.db as Cassandra 4.0+ writes it
 * (CompressionMetadata.Writer): compressor name, options, chunk length, max compressed length,
 * data length, chunk count, then one offset per chunk; each chunk in Data.db is followed by its
 * CRC32, and one of at least max compressed length is stored as it is; a compaction's SSTable can
 * end with an empty chunk (an offset past the data length), which holds nothing to time.
 */
final class TableChunks {
    private TableChunks() {
    }

    /** The table folder's one SSTable, decompressed chunk by chunk, in order, the last one possibly short. */
    static List<byte[]> read(Path tableDir, ICompressor compressor) throws IOException {
        List<Path> data;
        try (Stream<Path> files = Files.list(tableDir)) {
            data = files.filter(p -> p.getFileName().toString().endsWith("-Data.db")).collect(Collectors.toList());
        }
        if (data.size() != 1) {
            throw new IllegalStateException(tableDir + " holds " + data.size() + " SSTables, not one: compact it first");
        }
        String name = data.get(0).getFileName().toString();
        Path info = data.get(0).resolveSibling(name.substring(0, name.length() - "Data.db".length()) + "CompressionInfo.db");
        byte[] file = Files.readAllBytes(data.get(0));
        List<byte[]> chunks = new ArrayList<>();
        try (InputStream in = Files.newInputStream(info); DataInputStream d = new DataInputStream(in)) {
            d.readUTF();
            int options = d.readInt();
            for (int i = 0; i < options; i++) {
                d.readUTF();
                d.readUTF();
            }
            int chunkLength = d.readInt();
            int maxCompressedLength = d.readInt();
            long dataLength = d.readLong();
            int count = d.readInt();
            long[] offsets = new long[count + 1];
            for (int i = 0; i < count; i++) {
                offsets[i] = d.readLong();
            }
            offsets[count] = file.length;
            for (int i = 0; i < count; i++) {
                int stored = (int) (offsets[i + 1] - offsets[i] - 4);
                int length = (int) Math.max(0, Math.min(chunkLength, dataLength - (long) i * chunkLength));
                if (length == 0) {
                    continue; // a compaction's SSTable can end with one empty chunk: its checksum alone
                }
                byte[] out = new byte[length];
                if (stored >= maxCompressedLength) {
                    System.arraycopy(file, (int) offsets[i], out, 0, length);
                } else {
                    ByteBuffer target = ByteBuffer.wrap(out);
                    ByteBuffer src = compressor.preferredBufferType().allocate(stored);
                    src.put(file, (int) offsets[i], stored).flip();
                    ByteBuffer heapTarget = compressor.preferredBufferType().allocate(length);
                    compressor.uncompress(src, heapTarget);
                    heapTarget.flip();
                    if (heapTarget.remaining() != length) {
                        throw new IOException("chunk " + i + " of " + data.get(0) + " decompressed to "
                                + heapTarget.remaining() + " bytes, not " + length);
                    }
                    target.put(heapTarget);
                }
                chunks.add(out);
            }
        }
        return chunks;
    }

    /** The chunks back to back: a data set the chunk benchmark cuts at the same length again. */
    static byte[] concatenated(List<byte[]> chunks) {
        int n = 0;
        for (byte[] c : chunks) {
            n += c.length;
        }
        ByteBuffer all = ByteBuffer.allocate(n);
        chunks.forEach(all::put);
        return all.array();
    }
}
