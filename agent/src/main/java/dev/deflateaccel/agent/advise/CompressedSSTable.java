package dev.deflateaccel.agent.advise;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;

/** An SSTable and its parsed CompressionInfo.db. */
final class CompressedSSTable {
    /** CompressionInfo.db holds 8 bytes per chunk: 256 MiB is 2 TiB of 64 KiB chunks. */
    private static final long MAX_COMPRESSION_INFO = 256L << 20;

    final SSTable sstable;
    final CompressionInfo info;

    CompressedSSTable(SSTable sstable, CompressionInfo info) {
        this.sstable = sstable;
        this.info = info;
    }

    /**
     * Reads the SSTable's CompressionInfo.db; null, with the reason in {@code problems}, when it
     * cannot be used. Only reads: {@link Files#size} and {@link Files#readAllBytes} open nothing
     * for writing and take no lock.
     */
    /**
     * A table with compression disabled writes no CompressionInfo.db, and its TOC.txt (written when
     * the SSTable is complete) lists the components without it; with no TOC.txt the SSTable may be
     * still being written.
     */
    static boolean uncompressedByItsToc(SSTable s) throws IOException {
        if (!Files.isRegularFile(s.toc)) {
            return false;
        }
        for (String line : Files.readAllLines(s.toc, java.nio.charset.StandardCharsets.UTF_8)) {
            if (line.trim().equals("CompressionInfo.db")) {
                return false;
            }
        }
        return true;
    }

    static CompressedSSTable read(SSTable s, InputProblems problems) {
        try {
            long dataLength = Files.size(s.data);
            if (!Files.exists(s.compressionInfo)) {
                if (!Files.exists(s.data)) {
                    problems.vanished(s.data.toString());
                } else if (uncompressedByItsToc(s)) {
                    return new CompressedSSTable(s, CompressionInfo.uncompressed(dataLength));
                } else {
                    problems.add(s.data + " has no " + s.compressionInfo.getFileName() + " and no TOC.txt that"
                            + " leaves it out: an SSTable still being written; skipped");
                }
                return null;
            }
            long infoLength = Files.size(s.compressionInfo);
            if (infoLength > MAX_COMPRESSION_INFO) {
                problems.add(s.compressionInfo + " is " + infoLength + " bytes, more than any SSTable's; skipped");
                return null;
            }
            byte[] bytes = Files.readAllBytes(s.compressionInfo);
            return new CompressedSSTable(s, CompressionInfoReader.parse(s.compressionInfo.toString(), bytes,
                    s.hasMaxCompressedLength(), dataLength));
        } catch (NoSuchFileException e) {
            problems.vanished(s.data.toString());
            return null;
        } catch (IOException e) {
            problems.add("cannot read " + s + " or its CompressionInfo.db: " + e.getMessage() + "; skipped");
            return null;
        } catch (AdviseException e) {
            problems.add(e.getMessage() + "; skipped");
            return null;
        }
    }
}
