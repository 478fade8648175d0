package dev.deflateaccel.bridge.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;

import org.junit.jupiter.api.Test;

class RegionTest {
    private static final byte[] BYTES = {10, 11, 12, 13, 14, 15};

    @Test
    void anArrayRegionIsItsSliceAndSaysWhetherItFits() {
        Region r = new Region().of(BYTES, 2, 3);
        assertFalse(r.isBuffer());
        assertEquals(3, r.length());
        assertEquals(12, r.byteAt(0));
        assertEquals(14, r.byteAt(2));
        assertTrue(r.fits());
        assertFalse(r.of(BYTES, 4, 3).fits());
        assertFalse(r.of(null, 0, 0).fits());
    }

    @Test
    void aBufferRegionIsItsRemainingBytes() {
        ByteBuffer b = ByteBuffer.wrap(BYTES);
        b.position(1).limit(5);
        Region r = new Region().of(b);
        assertTrue(r.isBuffer());
        assertTrue(r.fits());
        assertEquals(4, r.length());
        assertEquals(11, r.byteAt(0));
        assertEquals(14, r.byteAt(3));
        assertEquals(1, b.position(), "reading it does not move the buffer");
        assertNull(r.array());
    }

    @Test
    void reuseReplacesTheOtherKindAndClearLetsGo() {
        Region r = new Region().of(ByteBuffer.allocate(4));
        r.of(BYTES, 0, 6);
        assertFalse(r.isBuffer());
        assertNull(r.buffer());
        r.clear();
        assertNull(r.array());
        assertEquals(0, r.length());
    }
}
