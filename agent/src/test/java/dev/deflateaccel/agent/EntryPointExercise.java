package dev.deflateaccel.agent;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import dev.deflateaccel.bridge.TestData;

/**
 * Calls every compress and uncompress entry point of a real DeflateCompressor on each chunk and
 * checks what Cassandra relies on: the streams decode with plain java.util.zip, the round trip is
 * exact, input buffers end at their limit and output positions advance by the returned length.
 * Per chunk: 3 compress calls and 4 uncompress calls. Throws AssertionError on any difference,
 * so it serves both the JUnit tests and the forked-JVM smoke run.
 */
final class EntryPointExercise {
    static final int COMPRESS_CALLS_PER_CHUNK = 3;
    static final int UNCOMPRESS_CALLS_PER_CHUNK = 4;

    private EntryPointExercise() {
    }

    /** Returns every stream written, three per chunk, in order. */
    static List<byte[]> run(DeflateCompressorCalls c, List<byte[]> chunks) throws IOException {
        List<byte[]> streams = new ArrayList<>();
        for (int i = 0; i < chunks.size(); i++) {
            byte[] chunk = chunks.get(i);
            String what = "chunk " + i + " (" + chunk.length + " bytes)";
            int bound = c.initialCompressedBufferLength(chunk.length);

            // compress(ByteBuffer, ByteBuffer), heap: the SSTable writer's call.
            ByteBuffer in = ByteBuffer.wrap(chunk);
            ByteBuffer out = ByteBuffer.allocate(bound + 7);
            out.position(7);
            c.compress(in, out);
            check(in.position() == in.limit(), what + ": compress leaves input at its limit");
            byte[] a = Arrays.copyOfRange(out.array(), 7, out.position());

            // compressArray at offsets.
            byte[] src = new byte[chunk.length + 5];
            System.arraycopy(chunk, 0, src, 5, chunk.length);
            byte[] dst = new byte[bound + 3];
            int n = c.compressArray(src, 5, chunk.length, dst, 3, bound);
            byte[] b = Arrays.copyOfRange(dst, 3, 3 + n);

            // compressBuffer, direct input (commit log segments, direct-buffer callers).
            ByteBuffer din = ByteBuffer.allocateDirect(chunk.length);
            din.put(chunk).flip();
            ByteBuffer dout = ByteBuffer.allocateDirect(bound);
            c.compressBuffer(din, dout);
            check(din.position() == din.limit(), what + ": compressBuffer leaves input at its limit");
            byte[] cStream = new byte[dout.position()];
            dout.flip();
            dout.get(cStream);

            for (byte[] s : Arrays.asList(a, b, cStream)) {
                check(Arrays.equals(chunk, TestData.zlibDecompress(s, chunk.length)),
                        what + ": java.util.zip reads what DeflateCompressor wrote");
                streams.add(s);
            }

            // uncompress(ByteBuffer, ByteBuffer), heap: the chunk reader's call.
            ByteBuffer uin = ByteBuffer.wrap(a);
            ByteBuffer uout = ByteBuffer.allocate(chunk.length + 9);
            uout.position(9);
            c.uncompress(uin, uout);
            check(uin.position() == uin.limit(), what + ": uncompress leaves input at its limit");
            check(uout.position() == 9 + chunk.length, what + ": uncompress advances output by the length");
            check(Arrays.equals(chunk, Arrays.copyOfRange(uout.array(), 9, uout.position())), what + ": uncompress");

            // uncompressBuffer, direct (mmap'ed) input, heap output.
            ByteBuffer mapped = ByteBuffer.allocateDirect(b.length);
            mapped.put(b).flip();
            ByteBuffer heapOut = ByteBuffer.allocate(chunk.length);
            c.uncompressBuffer(mapped, heapOut);
            check(mapped.position() == mapped.limit(), what + ": uncompressBuffer leaves input at its limit");
            check(heapOut.position() == chunk.length, what + ": uncompressBuffer output position");
            check(Arrays.equals(chunk, heapOut.array()), what + ": uncompressBuffer");

            // uncompress(byte[], ...) 5 and 6 arguments, exact-size output.
            byte[] back = new byte[chunk.length];
            check(c.uncompress(cStream, 0, cStream.length, back, 0) == chunk.length, what + ": uncompress/5 length");
            check(Arrays.equals(chunk, back), what + ": uncompress/5");
            byte[] back6 = new byte[chunk.length + 4];
            check(c.uncompress(a, 0, a.length, back6, 4, chunk.length) == chunk.length, what + ": uncompress/6 length");
            check(Arrays.equals(chunk, Arrays.copyOfRange(back6, 4, back6.length)), what + ": uncompress/6");
        }
        return streams;
    }

    static void check(boolean condition, String what) {
        if (!condition) {
            throw new AssertionError(what);
        }
    }
}
