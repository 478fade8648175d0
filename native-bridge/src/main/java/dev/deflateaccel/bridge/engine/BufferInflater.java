package dev.deflateaccel.bridge.engine;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.ByteBuffer;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * One inflate of a ByteBuffer into a ByteBuffer, on every Java the agent runs on. Java 11 added
 * {@code Inflater.setInput(ByteBuffer)} and {@code inflate(ByteBuffer)}, which read and write
 * direct buffers in place; the main code is compiled for Java 8 (Cassandra 4.0 and 4.1 run on
 * it). They are looked up once, as method handles, and used where present: the accelerators'
 * output check runs on every chunk, and copying each chunk twice more would add to that.
 * On Java 8 the bytes go through two heap arrays this object keeps (an array-backed buffer is
 * used in place). Either way it is one zlib inflate call over all of the input with all of the
 * output room, so the result is the same. Not thread-safe (one per context, like its Inflater).
 */
final class BufferInflater {
    /** {@code Inflater.setInput(ByteBuffer)} and {@code inflate(ByteBuffer)}, or null before Java 11. */
    private static final MethodHandle SET_INPUT = find("setInput", MethodType.methodType(void.class, ByteBuffer.class));
    private static final MethodHandle INFLATE = find("inflate", MethodType.methodType(int.class, ByteBuffer.class));

    private final HeapStaging input = new HeapStaging();
    private final HeapStaging output = new HeapStaging();

    private static MethodHandle find(String name, MethodType type) {
        try {
            return MethodHandles.publicLookup().findVirtual(Inflater.class, name, type);
        } catch (NoSuchMethodException | IllegalAccessException e) {
            return null; // Java 8
        }
    }

    /**
     * As Java 11's {@code inflater.setInput(in)} then {@code inflater.inflate(out)}: inflates
     * {@code in}'s remaining bytes into {@code out}'s remaining room and returns the bytes
     * written; {@code out}'s position advances by that many, {@code in}'s by the bytes consumed.
     */
    int inflate(Inflater inflater, ByteBuffer in, ByteBuffer out) throws DataFormatException {
        if (SET_INPUT != null && INFLATE != null) {
            try {
                SET_INPUT.invokeExact(inflater, in);
                return (int) INFLATE.invokeExact(inflater, out);
            } catch (DataFormatException | RuntimeException | Error e) {
                throw e;
            } catch (Throwable t) {
                throw new IllegalStateException(t); // inflate(ByteBuffer) declares no other
            }
        }
        return inflateThroughArrays(inflater, in, out);
    }

    /** The Java 8 path; on its own for the test that compares it with Java 11's. */
    int inflateThroughArrays(Inflater inflater, ByteBuffer in, ByteBuffer out) throws DataFormatException {
        int inLength = in.remaining();
        if (in.hasArray()) {
            inflater.setInput(in.array(), in.arrayOffset() + in.position(), inLength);
        } else {
            inflater.setInput(input.take(in), 0, inLength);
        }
        int room = out.remaining();
        int n;
        if (out.hasArray()) {
            n = inflater.inflate(out.array(), out.arrayOffset() + out.position(), room);
            out.position(out.position() + n);
        } else {
            n = inflater.inflate(output.reserve(room), 0, room);
            output.copyTo(out, n);
            out.position(out.position() + n);
        }
        in.position(in.position() + inLength - inflater.getRemaining());
        return n;
    }

    /** Drops heap arrays above what a context keeps between calls (Java 8 only holds any). */
    void trim() {
        input.trim();
        output.trim();
    }
}
