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
}
