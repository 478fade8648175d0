package dev.deflateaccel.bridge;

import java.nio.ByteBuffer;
import java.util.Arrays;

import dev.deflateaccel.bridge.engine.FallbackReason;

/**
 * One chunk through a bridge the four ways Cassandra calls it (arrays and direct buffers, each
 * direction), every call required to be served: what the allocation tests repeat.
 */
final class ChunkCalls {
    private final DeflateBridge bridge;
    private final byte[] data;
    private final byte[] stream;
    private final byte[] out;
    private final ByteBuffer directData;
    private final ByteBuffer directStream;
    private final ByteBuffer directOut;

    ChunkCalls(DeflateBridge bridge, int chunkBytes) {
        this.bridge = bridge;
        this.data = TestData.cassandraLikeRows(chunkBytes, 12);
        this.out = new byte[TestData.bound(data.length)];
        this.stream = Arrays.copyOf(out, served(bridge.tryCompress(data, 0, data.length, out, 0, out.length)));
        this.directData = ByteBuffer.allocateDirect(data.length).put(data);
        this.directStream = ByteBuffer.allocateDirect(stream.length).put(stream);
        this.directOut = ByteBuffer.allocateDirect(out.length);
    }

    void runAllFour() {
        served(bridge.tryCompress(data, 0, data.length, out, 0, out.length));
        served(bridge.tryDecompress(stream, 0, stream.length, out, 0, out.length));
        directData.clear();
        directOut.clear();
        served(bridge.tryCompress(directData, directOut));
        directStream.clear();
        directOut.clear();
        served(bridge.tryDecompress(directStream, directOut));
    }

    private static int served(int result) {
        if (result < 0) {
            throw new AssertionError("declined: " + FallbackReason.ofCode(result));
        }
        return result;
    }
}
