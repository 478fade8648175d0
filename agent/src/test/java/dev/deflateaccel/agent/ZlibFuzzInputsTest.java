package dev.deflateaccel.agent;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

/**
 * The fuzz generator, in-process: it never throws (a throw would end a fuzz run as a harness
 * failure), input i depends only on the seed and i (the stock and woven phases and a replay
 * must see the same bytes), and it produces every kind of input it claims to.
 */
class ZlibFuzzInputsTest {
    @Test
    void inputsAreReproducibleAndVaried() {
        Set<String> tags = new HashSet<>();
        for (long seed : new long[] {8, 12345, -1}) {
            ZlibFuzzInputs a = new ZlibFuzzInputs(seed);
            ZlibFuzzInputs b = new ZlibFuzzInputs(seed);
            for (int i = 0; i < 800; i++) {
                ZlibFuzzInputs.Input x = a.generate(a.random(i));
                ZlibFuzzInputs.Input y = b.generate(b.random(i));
                assertArrayEquals(x.bytes, y.bytes, x.recipe);
                assertEquals(x.recipe, y.recipe);
                tags.addAll(ZlibFuzzInputs.tags(x.recipe));
            }
        }
        for (String tag : new String[] {"zlib", "random-bytes", "zlib-header", "flip", "set", "truncate", "trailing",
            "second-stream", "method", "window", "fdict", "dictid", "flevel", "bad-check", "adler", "btype",
            "stored-len", "delete", "duplicate"}) {
            assertTrue(tags.contains(tag), tag + " never generated: " + tags);
        }
    }
}
