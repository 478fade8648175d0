package dev.deflateaccel.agent.advise;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UTFDataFormatException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Parses {@code CompressionInfo.db} as Cassandra 4.0 to 6.0 write it
 * ({@code CompressionMetadata.Writer.writeHeader}, then the offsets): the compressor's class name
 * (writeUTF), the option count and that many key/value pairs (writeUTF each), the chunk length,
 * the max compressed length (SSTable versions "na" and later, i.e. 4.0+), the uncompressed length
 * (a long), the chunk count, and one long offset per chunk. The chunks hold the uncompressed bytes
 * in order, each a full chunk length but the last; a compaction's SSTable may end in one chunk
 * with no data. Everything is checked against the
 * Data.db length, so a corrupt or truncated file is refused with what is wrong rather than read
 * into nonsense.
 */
final class CompressionInfoReader {
    /** Cassandra requires a power of two; it refuses chunks over 1 GiB. */
    private static final int MAX_CHUNK_LENGTH = 1 << 30;
    private static final int MAX_OPTIONS = 1000;

    private CompressionInfoReader() {
    }

    /**
     * @param file the file's name, for messages
     * @param bytes its content
     * @param hasMaxCompressedLength whether the SSTable version writes the field (4.0 and later)
     * @param dataFileLength the length of the SSTable's Data.db
     */
    static CompressionInfo parse(String file, byte[] bytes, boolean hasMaxCompressedLength, long dataFileLength)
            throws AdviseException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
        try {
            String compressor = in.readUTF();
            if (compressor.isEmpty() || !compressor.matches("[A-Za-z_$][A-Za-z0-9_$.]*")) {
                throw corrupt(file, "the compressor class name is not a class name: '" + printable(compressor) + "'");
            }
            int optionCount = in.readInt();
            if (optionCount < 0 || optionCount > MAX_OPTIONS) {
                throw corrupt(file, "option count " + optionCount + " is not 0-" + MAX_OPTIONS);
            }
            Map<String, String> options = new LinkedHashMap<>();
            for (int i = 0; i < optionCount; i++) {
                options.put(in.readUTF(), in.readUTF());
            }
            int chunkLength = in.readInt();
            if (chunkLength <= 0 || chunkLength > MAX_CHUNK_LENGTH || Integer.bitCount(chunkLength) != 1) {
                throw corrupt(file, "chunk length " + chunkLength + " is not a power of two up to 1 GiB");
            }
            int maxCompressedLength = hasMaxCompressedLength ? in.readInt() : Integer.MAX_VALUE;
            if (maxCompressedLength <= 0) {
                throw corrupt(file, "max compressed length " + maxCompressedLength + " is not positive");
            }
            long uncompressed = in.readLong();
            int chunkCount = in.readInt();
            long expectedChunks = (uncompressed + chunkLength - 1) / chunkLength;
            // A compaction's SSTable of 4.0 can end in one more chunk that holds no data (its
            // offsets end 4 bytes, one checksum, before the end of Data.db): seen on 4.0.19.
            if (uncompressed < 0 || chunkCount < 0 || (chunkCount != expectedChunks && chunkCount != expectedChunks + 1)) {
                throw corrupt(file, chunkCount + " chunks do not hold " + uncompressed + " bytes in chunks of "
                        + chunkLength);
            }
            if ((long) chunkCount * 8 != in.available()) {
                throw corrupt(file, "it holds " + in.available() + " bytes of chunk offsets for " + chunkCount
                        + " chunks (" + 8L * chunkCount + " expected)");
            }
            long[] offsets = new long[chunkCount];
            for (int i = 0; i < chunkCount; i++) {
                offsets[i] = in.readLong();
                // Each chunk holds its stored bytes (none for an empty one) and a 4-byte checksum.
                if (i == 0 ? offsets[0] != 0 : offsets[i] < offsets[i - 1] + 4) {
                    throw corrupt(file, "chunk " + i + " starts at " + offsets[i] + ", "
                            + (i == 0 ? "not at 0" : "within chunk " + (i - 1) + " (at " + offsets[i - 1] + ")"));
                }
                if (offsets[i] + 4 > dataFileLength) {
                    throw new AdviseException(file + " and its Data.db disagree: chunk " + i + " starts at "
                            + offsets[i] + " but Data.db has only " + dataFileLength
                            + " bytes (Data.db truncated, or a CompressionInfo.db of another SSTable)");
                }
            }
            return new CompressionInfo(compressor, options, chunkLength, maxCompressedLength, uncompressed, offsets,
                    dataFileLength);
        } catch (EOFException e) {
            throw corrupt(file, "it ends early (" + bytes.length + " bytes): truncated");
        } catch (UTFDataFormatException e) {
            throw corrupt(file, "a name in it is not valid modified UTF-8");
        } catch (IOException e) {
            throw corrupt(file, e.toString());
        }
    }

    private static AdviseException corrupt(String file, String what) {
        return new AdviseException(file + " is not a valid CompressionInfo.db: " + what);
    }

    private static String printable(String s) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length() && i < 60; i++) {
            char c = s.charAt(i);
            b.append(c >= 0x20 && c < 0x7f ? c : '?');
        }
        return b.toString();
    }
}
