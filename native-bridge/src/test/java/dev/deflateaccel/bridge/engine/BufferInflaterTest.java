package dev.deflateaccel.bridge.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Random;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

import org.junit.jupiter.api.Test;

/**
 * BufferInflater's Java 8 path (heap arrays) gives what Java 11's Inflater ByteBuffer API gives.
 * The test code is compiled for Java 8 too, so that API, the reference, is called by reflection;
 * on Java 8, where it does not exist, the comparison is skipped.
 */
class BufferInflaterTest {
    /** Java 11's {@code Inflater.setInput(ByteBuffer)} and {@code inflate(ByteBuffer)}; null on Java 8. */
    private static final Method SET_INPUT = byteBufferMethod("setInput");
    private static final Method INFLATE = byteBufferMethod("inflate");

    private static Method byteBufferMethod(String name) {
        try {
            return Inflater.class.getMethod(name, ByteBuffer.class);
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    private static byte[] zlib(byte[] data) {
        Deflater d = new Deflater();
        d.setInput(data);
        d.finish();
        byte[] out = new byte[data.length + 64];
        int n = d.deflate(out);
        d.end();
        return Arrays.copyOf(out, n);
    }

    private static ByteBuffer buffer(boolean direct, byte[] bytes, int capacity) {
        ByteBuffer b = direct ? ByteBuffer.allocateDirect(capacity) : ByteBuffer.allocate(capacity);
        b.put(bytes).flip();
        return b;
    }

    /** One inflate as Java 11 does it, and one through arrays; results, positions and states must agree. */
    private static void sameOnBothPaths(byte[] stream, int room, boolean directIn, boolean directOut) throws Exception {
        Inflater reference = new Inflater();
        Inflater arrays = new Inflater();
        try {
            ByteBuffer in1 = buffer(directIn, stream, stream.length);
            ByteBuffer out1 = directOut ? ByteBuffer.allocateDirect(room) : ByteBuffer.allocate(room);
            SET_INPUT.invoke(reference, in1);
            int n1 = (Integer) INFLATE.invoke(reference, out1);

            ByteBuffer in2 = buffer(directIn, stream, stream.length);
            ByteBuffer out2 = directOut ? ByteBuffer.allocateDirect(room) : ByteBuffer.allocate(room);
            int n2 = new BufferInflater().inflateThroughArrays(arrays, in2, out2);

            String what = "room " + room + (directIn ? ", direct in" : ", heap in") + (directOut ? ", direct out" : ", heap out");
            assertEquals(n1, n2, what);
            assertEquals(out1.position(), out2.position(), what);
            assertEquals(in1.position(), in2.position(), what);
            assertEquals(reference.finished(), arrays.finished(), what);
            assertEquals(reference.getRemaining(), arrays.getRemaining(), what);
            out1.flip();
            out2.flip();
            assertEquals(out1, out2, what);
        } finally {
            reference.end();
            arrays.end();
        }
    }

    @Test
    void arraysGiveWhatTheByteBufferApiGives() throws Exception {
        assumeTrue(SET_INPUT != null && INFLATE != null, "Java " + System.getProperty("java.specification.version")
                + " has no Inflater ByteBuffer API to compare with (Java 11+)");
        byte[] data = new byte[20000];
        Random r = new Random(7);
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) ('a' + r.nextInt(6));
        }
        byte[] stream = zlib(data);
        for (int room : new int[] {data.length + 1, data.length, data.length - 1, 100, 0}) {
            for (boolean directIn : new boolean[] {true, false}) {
                for (boolean directOut : new boolean[] {true, false}) {
                    sameOnBothPaths(stream, room, directIn, directOut);
                }
            }
        }
        // A truncated stream: not finished, all input consumed.
        sameOnBothPaths(Arrays.copyOf(stream, stream.length / 2), data.length + 1, true, true);
    }

    @Test
    void corruptInputThrowsOnBothPaths() {
        byte[] corrupt = {0x78, (byte) 0x9c, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0, 0, 0, 0};
        Inflater inflater = new Inflater();
        try {
            assertThrows(DataFormatException.class, () -> new BufferInflater().inflateThroughArrays(inflater,
                    buffer(true, corrupt, corrupt.length), ByteBuffer.allocateDirect(100)));
            inflater.reset();
            assertThrows(DataFormatException.class, () -> new BufferInflater().inflate(inflater,
                    buffer(true, corrupt, corrupt.length), ByteBuffer.allocateDirect(100)));
        } finally {
            inflater.end();
        }
    }
}
