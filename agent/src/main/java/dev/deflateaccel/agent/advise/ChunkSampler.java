package dev.deflateaccel.agent.advise;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.CRC32;

/**
 * Reads a spread of chunks from one group's Data.db files: {@code K} chunks evenly spaced over all
 * of the group's chunks (every SSTable in proportion to its size, every part of each file), read
 * in an order whose every prefix is itself spread out, so that a run stopped by its time bound
 * still has a spread sample. Each chunk's CRC32 is checked as Cassandra checks it (over the stored
 * bytes, against the 4 big-endian bytes after them) before it is decompressed with the
 * SSTable's own compressor.
 *
 * <p>Files are opened {@link StandardOpenOption#READ} only and read by position: no lock, no
 * write, nothing created. A Data.db that a compaction deletes while open stays readable (Linux
 * keeps an unlinked file's data for its open descriptors); one deleted before it is opened is
 * skipped and counted.
 */
final class ChunkSampler {
    /** Progress: every this many chunks. */
    private static final int PROGRESS_EVERY = 512;
    /**
     * Data.db files kept open at once: the sample visits a table's SSTables in spread order, and a
     * table of thousands of SSTables would otherwise hold a descriptor for each (ulimit -n is often
     * 1024).
     */
    static final int OPEN_FILES = 32;
    /**
     * Chunks read before the deadline is looked at: a table reached when the time is up still gets
     * a small sample, instead of no answer.
     */
    static final int MIN_CHUNKS = 8;

    /**
     * Checksum mismatches on an SSTable's first chunks read, with none passing, after which its
     * Data.db is taken for another file (not the one its CompressionInfo.db describes) and skipped
     * with one line, instead of a line per chunk.
     */
    static final int FOREIGN_AFTER = 3;

    private final InputProblems problems;
    private final Progress progress;
    /** Mismatches of SSTables none of whose chunks has passed yet: listed once one passes, or at the end. */
    private final Map<CompressedSSTable, List<String>> pendingMismatches = new LinkedHashMap<>();
    private final Set<CompressedSSTable> verified = new HashSet<>();

    ChunkSampler(InputProblems problems, Progress progress) {
        this.problems = problems;
        this.progress = progress;
    }

    /** The sample, within the bounds and until {@code deadlineNanos} (System.nanoTime). */
    Sample sample(SSTableGroup group, SourceCodec codec, SampleBounds bounds, long deadlineNanos) {
        List<CompressedSSTable> sstables = group.sstables;
        long[] firstChunk = new long[sstables.size() + 1];
        int maxChunkLength = 0;
        for (int i = 0; i < sstables.size(); i++) {
            firstChunk[i + 1] = firstChunk[i] + sstables.get(i).info.chunkCount();
            maxChunkLength = Math.max(maxChunkLength, sstables.get(i).info.chunkLength());
        }
        long total = firstChunk[sstables.size()];
        long k = bounds.allChunks ? total
                : Math.min(total, Math.min(bounds.maxChunks, Math.max(1, bounds.maxBytes / Math.max(1, maxChunkLength))));
        Sample sample = new Sample(total);
        if (k == 0) {
            return sample;
        }
        Map<CompressedSSTable, FileChannel> open = new LinkedHashMap<CompressedSSTable, FileChannel>(64, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<CompressedSSTable, FileChannel> eldest) {
                if (size() <= OPEN_FILES) {
                    return false;
                }
                close(eldest.getValue());
                return true;
            }
        };
        Set<CompressedSSTable> unusable = new HashSet<>();
        int bits = 64 - Long.numberOfLeadingZeros(Math.max(1, k - 1));
        try {
            for (long r = 0; r < (1L << bits); r++) {
                long j = Long.reverse(r) >>> (64 - bits);
                if (bits == 0) {
                    j = 0;
                }
                if (j >= k) {
                    continue;
                }
                // --all-chunks reads every chunk whatever the time: it is how a sample is checked.
                if (!bounds.allChunks && sample.chunks.size() >= MIN_CHUNKS && System.nanoTime() > deadlineNanos) {
                    sample.stoppedByTime = true;
                    break;
                }
                if (!bounds.allChunks && sample.uncompressedBytes >= bounds.maxBytes) {
                    break;
                }
                long g = (long) ((j + 0.5) * total / k);
                int s = sstableOf(firstChunk, g);
                CompressedSSTable sst = sstables.get(s);
                if (unusable.contains(sst)) {
                    continue;
                }
                SampledChunk c = read(sst, (int) (g - firstChunk[s]), codec, open, unusable);
                if (c != null) {
                    sample.add(c, sst);
                    if (progress != null && sample.chunks.size() % PROGRESS_EVERY == 0) {
                        progress.line("read " + sample.chunks.size() + " of " + k + " chunks of " + group.table()
                                + " (" + group.compressorName + ")");
                    }
                }
            }
        } finally {
            for (FileChannel ch : open.values()) {
                close(ch);
            }
            for (List<String> pending : pendingMismatches.values()) {
                for (String m : pending) {
                    problems.checksumMismatch(m);
                }
            }
            pendingMismatches.clear();
        }
        return sample;
    }

    /** A mismatch: listed at once for an SSTable with a good chunk, else held until it is clear which it is. */
    private void mismatch(CompressedSSTable sst, String message, Set<CompressedSSTable> unusable) {
        if (verified.contains(sst)) {
            problems.checksumMismatch(message);
            return;
        }
        List<String> pending = pendingMismatches.get(sst);
        if (pending == null) {
            pending = new ArrayList<>();
            pendingMismatches.put(sst, pending);
        }
        pending.add(message);
        if (pending.size() >= FOREIGN_AFTER) {
            pendingMismatches.remove(sst);
            unusable.add(sst);
            problems.countChecksumMismatches(pending.size());
            problems.add(sst.sstable.data + ": its first " + pending.size() + " chunks read all fail their checksums: not"
                    + " the Data.db its CompressionInfo.db describes (another file, or overwritten); skipped");
        }
    }

    /** A chunk passed: the SSTable is what it says, and its held mismatches are real ones. */
    private void passed(CompressedSSTable sst) {
        if (verified.add(sst)) {
            List<String> pending = pendingMismatches.remove(sst);
            if (pending != null) {
                for (String m : pending) {
                    problems.checksumMismatch(m);
                }
            }
        }
    }

    private static void close(FileChannel ch) {
        try {
            ch.close();
        } catch (IOException ignored) {
            // Opened read-only: nothing to lose.
        }
    }

    private static int sstableOf(long[] firstChunk, long g) {
        int lo = 0;
        int hi = firstChunk.length - 2;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (firstChunk[mid] <= g) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    private SampledChunk read(CompressedSSTable sst, int chunk, SourceCodec codec,
            Map<CompressedSSTable, FileChannel> open, Set<CompressedSSTable> unusable) {
        CompressionInfo info = sst.info;
        String where = "chunk " + chunk + " of " + sst.sstable.data + " (at " + info.offset(chunk) + ")";
        byte[] stored = new byte[info.storedLength(chunk)];
        ByteBuffer crcBytes = ByteBuffer.allocate(4);
        try {
            FileChannel ch = open.get(sst);
            if (ch == null) {
                ch = FileChannel.open(sst.sstable.data, StandardOpenOption.READ);
                open.put(sst, ch);
            }
            readFully(ch, ByteBuffer.wrap(stored), info.offset(chunk));
            if (info.checksummed()) {
                readFully(ch, crcBytes, info.offset(chunk) + stored.length);
            }
        } catch (NoSuchFileException e) {
            unusable.add(sst);
            problems.vanished(sst.sstable.data.toString());
            return null;
        } catch (EOFException e) {
            unusable.add(sst);
            problems.add(sst.sstable.data + " ends before " + where + " does: truncated since its CompressionInfo.db"
                    + " was read; skipped");
            return null;
        } catch (IOException e) {
            unusable.add(sst);
            problems.add("cannot read " + sst.sstable.data + ": " + e + "; skipped");
            return null;
        }
        CRC32 crc = new CRC32();
        crc.update(stored, 0, stored.length);
        int expected = crcBytes.getInt(0);
        if (info.checksummed() && (int) crc.getValue() != expected) {
            mismatch(sst, "checksum mismatch in " + where + ": CRC32 " + Integer.toHexString((int) crc.getValue())
                    + ", stored " + Integer.toHexString(expected) + "; chunk left out", unusable);
            return null;
        }
        passed(sst);
        byte[] uncompressed = new byte[info.uncompressedLength(chunk)];
        if (uncompressed.length == 0) {
            // The empty last chunk of a compaction's SSTable: what it holds is not data.
            return new SampledChunk(uncompressed, stored, false, info.maxCompressedLength(), checksum(info));
        }
        if (info.storedUncompressed(chunk)) {
            if (stored.length < uncompressed.length) {
                problems.add(where + " is stored uncompressed but holds " + stored.length + " of its "
                        + uncompressed.length + " bytes; chunk left out");
                return null;
            }
            System.arraycopy(stored, 0, uncompressed, 0, uncompressed.length);
            return new SampledChunk(uncompressed, stored, true, info.maxCompressedLength(), checksum(info));
        }
        try {
            codec.decompress(stored, stored.length, uncompressed);
        } catch (Exception e) {
            problems.add("cannot decompress " + where + " with " + codec.describe() + ": " + e.getMessage()
                    + "; chunk left out");
            return null;
        }
        return new SampledChunk(uncompressed, stored, false, info.maxCompressedLength(), checksum(info));
    }

    private static int checksum(CompressionInfo info) {
        return info.checksummed() ? 4 : 0;
    }

    private static void readFully(FileChannel ch, ByteBuffer b, long position) throws IOException {
        long p = position;
        while (b.hasRemaining()) {
            int n = ch.read(b, p);
            if (n < 0) {
                throw new EOFException();
            }
            p += n;
        }
    }

    /** The chunks read, and how many the group holds. */
    static final class Sample {
        final long groupChunks;
        final List<SampledChunk> chunks = new ArrayList<>();
        final Set<CompressedSSTable> sstablesRead = new HashSet<>();
        long uncompressedBytes;
        long currentBytes;
        boolean stoppedByTime;

        Sample(long groupChunks) {
            this.groupChunks = groupChunks;
        }

        void add(SampledChunk c, CompressedSSTable from) {
            chunks.add(c);
            sstablesRead.add(from);
            uncompressedBytes += c.uncompressed.length;
            currentBytes += c.currentBytes();
        }
    }
}
