package dev.deflateaccel.bridge.engine;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RegionsTest {
    private static final byte[] TEN = new byte[10];

    @Test
    void regionsInsideTheArrayFit() {
        assertTrue(Regions.fits(TEN, 0, 10));
        assertTrue(Regions.fits(TEN, 10, 0));
        assertTrue(Regions.fits(TEN, 3, 7));
        assertTrue(Regions.fits(new byte[0], 0, 0));
    }

    @Test
    void negativePastTheEndAndNullDoNotFit() {
        assertFalse(Regions.fits(null, 0, 0));
        assertFalse(Regions.fits(TEN, -1, 1));
        assertFalse(Regions.fits(TEN, 0, -1));
        assertFalse(Regions.fits(TEN, 0, 11));
        assertFalse(Regions.fits(TEN, 11, 0));
        assertFalse(Regions.fits(TEN, 4, 7));
    }

    /** offset + length wraps to a negative int: a check written as offset + length <= length passes it. */
    @Test
    void overflowingOffsetPlusLengthDoesNotFit() {
        assertFalse(Regions.fits(TEN, 5, Integer.MAX_VALUE));
        assertFalse(Regions.fits(TEN, Integer.MAX_VALUE, 5));
        assertFalse(Regions.fits(TEN, Integer.MAX_VALUE, Integer.MAX_VALUE));
        assertFalse(Regions.fits(TEN, Integer.MIN_VALUE, Integer.MIN_VALUE));
        assertFalse(Regions.fit(TEN, 0, 10, TEN, 1, Integer.MAX_VALUE));
    }
}
