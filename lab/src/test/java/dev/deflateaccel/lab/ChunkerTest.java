package dev.deflateaccel.lab;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

class ChunkerTest {
    @Test
    void cutsFullChunksInOrderAndDropsTheTail() {
        byte[] data = new byte[10];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) i;
        }
        List<byte[]> chunks = Chunker.cut(data, 4);
        assertEquals(2, chunks.size());
        assertArrayEquals(Arrays.copyOfRange(data, 0, 4), chunks.get(0));
        assertArrayEquals(Arrays.copyOfRange(data, 4, 8), chunks.get(1));
    }

    @Test
    void refusesDataSmallerThanOneChunk() {
        assertThrows(IllegalArgumentException.class, () -> Chunker.cut(new byte[3], 4));
    }

    private static byte[] counting(int n) {
        byte[] data = new byte[n];
        for (int i = 0; i < n; i++) {
            data[i] = (byte) i;
        }
        return data;
    }

    @Test
    void cutsFullChunksAndKeepsTheShorterTailAsCassandraWould() {
        byte[] file = counting(10);
        List<byte[]> chunks = Chunker.cutKeepingTail(file, 4);
        assertEquals(3, chunks.size());
        assertArrayEquals(Arrays.copyOfRange(file, 0, 4), chunks.get(0));
        assertArrayEquals(Arrays.copyOfRange(file, 4, 8), chunks.get(1));
        assertArrayEquals(Arrays.copyOfRange(file, 8, 10), chunks.get(2));
    }

    @Test
    void exactMultipleHasNoEmptyTail() {
        List<byte[]> chunks = Chunker.cutKeepingTail(counting(8), 4);
        assertEquals(2, chunks.size());
        assertEquals(4, chunks.get(1).length);
    }

    @Test
    void fileSmallerThanAChunkIsOneChunkAndEmptyFileNone() {
        assertEquals(1, Chunker.cutKeepingTail(counting(3), 4).size());
        assertEquals(0, Chunker.cutKeepingTail(new byte[0], 4).size());
    }

    @Test
    void refusesNonPositiveChunkSize() {
        assertThrows(IllegalArgumentException.class, () -> Chunker.cutKeepingTail(counting(3), 0));
    }
}
