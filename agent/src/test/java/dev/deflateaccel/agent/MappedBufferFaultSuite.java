package dev.deflateaccel.agent;

import static dev.deflateaccel.bridge.Backports.currentPid;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import dev.deflateaccel.agent.CaseBuffers.Kind;
import dev.deflateaccel.bridge.TestData;

/**
 * Issue #8 point 2: a file mapping whose pages fault. Each case writes a file, maps it
 * READ_ONLY as Cassandra's mmap disk access mode does, and for the "truncated" cases truncates
 * the file afterwards, so that touching the mapped pages raises SIGBUS. Stock DeflateCompressor
 * copies through its heap scratch buffer with ByteBuffer.get, which turns the fault into an
 * InternalError; the woven class must give the same Throwable and the JVM must live on.
 *
 * <p>Layout of the compressed file: three zlib streams of 16 KiB of rows, at 0, 16 KiB and
 * 32 KiB (each stream is much shorter than 16 KiB). "partly-truncated" cuts the file at 16 KiB:
 * the first stream is still readable, the others fault, and a stream placed across the cut has a
 * readable header and faulting data.
 */
final class MappedBufferFaultSuite implements ChildSuite {
    private static final int SLOT = 16 * 1024;
    private static final byte[] PLAIN = TestData.cassandraLikeRows(SLOT, 21);
    /** Decoded by every engine, IAA included (see CaseBuffers.smallWindowZlib). */
    private static final byte[] STREAM = CaseBuffers.smallWindowZlib(PLAIN);

    private final Path work;
    private final List<ChildCase> cases = new ArrayList<>();
    private final AtomicInteger files = new AtomicInteger();

    MappedBufferFaultSuite(Path work) {
        this.work = work;
        for (String state : new String[] {"intact", "truncated"}) {
            long cut = state.equals("intact") ? -1 : 0;
            uncompress("uncompress(BB,BB)", state, SLOT, Kind.HEAP, cut);
            uncompress("uncompress(BB,BB)", state, SLOT, Kind.DIRECT, cut);
            uncompress("uncompressBuffer", state, SLOT, Kind.HEAP, cut);
            uncompress("uncompressBuffer", state, SLOT, Kind.DIRECT, cut);
            compress("compress(BB,BB)", state, Kind.HEAP, cut);
            compress("compressBuffer", state, Kind.DIRECT, cut);
        }
        uncompress("uncompress(BB,BB)", "partly-truncated/readable-stream", 0, Kind.HEAP, SLOT);
        uncompress("uncompress(BB,BB)", "partly-truncated/faulting-stream", 2 * SLOT, Kind.HEAP, SLOT);
        uncompress("uncompressBuffer", "partly-truncated/faulting-stream", 2 * SLOT, Kind.DIRECT, SLOT);
        // The header is readable, the rest is not: a check in Java passes and the decoder faults.
        uncompress("uncompress(BB,BB)", "partly-truncated/stream-across-the-cut", SLOT - 1024, Kind.HEAP, SLOT);
        uncompress("uncompress(BB,BB)", "partly-truncated/stream-across-the-cut", SLOT - 1024, Kind.DIRECT, SLOT);
        uncompress("uncompressBuffer", "partly-truncated/stream-across-the-cut", SLOT - 1024, Kind.HEAP, SLOT);
    }

    @Override
    public List<String> versions() {
        return ArgumentContractSuite.primaryFirst(CassandraJars.versions());
    }

    @Override
    public ChildCase caseAt(int index) {
        return index < cases.size() ? cases.get(index) : null;
    }

    @Override
    public boolean printsEveryOutcome() {
        return true;
    }

    /**
     * Decompresses the stream at {@code offset} of a mapped 48 KiB file (which holds streams at 0,
     * 16 KiB and 32 KiB as well); {@code cut}: the length the file is truncated to after mapping, or -1.
     */
    private void uncompress(String method, String state, int offset, Kind outKind, long cut) {
        String name = method + "/" + state + "/mapped->" + outKind.label();
        cases.add(ChildCase.of(name, c -> {
            byte[] file = new byte[3 * SLOT];
            for (int k = 0; k < 3; k++) {
                System.arraycopy(STREAM, 0, file, k * SLOT, STREAM.length);
            }
            System.arraycopy(STREAM, 0, file, offset, STREAM.length);
            MappedByteBuffer mapped = map(file, cut);
            ByteBuffer in = mapped.duplicate();
            in.position(offset).limit(offset + STREAM.length);
            ByteBuffer out = CaseBuffers.output(outKind, SLOT);
            if (method.equals("uncompressBuffer")) {
                c.uncompressBuffer(in, out);
            } else {
                c.uncompress(in, out);
            }
            return positions(in, out) + " out=" + CallOutcome.crc(CallOutcome.contents(out));
        }));
    }

    private void compress(String method, String state, Kind outKind, long cut) {
        String name = method + "/" + state + "/mapped->" + outKind.label();
        cases.add(ChildCase.of(name, c -> {
            ByteBuffer in = map(PLAIN, cut).duplicate();
            ByteBuffer out = CaseBuffers.output(outKind, CaseBuffers.bound(SLOT));
            int start = out.position();
            byte[] before = CallOutcome.contents(out);
            if (method.equals("compressBuffer")) {
                c.compressBuffer(in, out);
            } else {
                c.compress(in, out);
            }
            byte[] all = CallOutcome.contents(out);
            int end = Math.max(start, out.position());
            return positions(in, out) + " wrote " + CallOutcome.decodes(java.util.Arrays.copyOfRange(all, start, end))
                    + ", " + CallOutcome.untouchedOutside(before, all, start, end, out.limit());
        }));
    }

    /** Positions only: the input's bytes cannot be read once the file is truncated. */
    private static String positions(ByteBuffer in, ByteBuffer out) {
        return "in.position=" + in.position() + " in.limit=" + in.limit() + " out.limit=" + out.limit();
    }

    private MappedByteBuffer map(byte[] content, long cut) throws IOException {
        Path f = work.resolve("mapped-" + currentPid() + "-" + files.incrementAndGet() + ".db");
        Files.write(f, content);
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            MappedByteBuffer m = raf.getChannel().map(FileChannel.MapMode.READ_ONLY, 0, content.length);
            if (cut >= 0) {
                raf.setLength(cut); // the pages past the new end now raise SIGBUS when touched
            }
            return m;
        } finally {
            Files.delete(f);
        }
    }
}
