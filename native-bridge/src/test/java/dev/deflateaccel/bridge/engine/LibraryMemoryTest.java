package dev.deflateaccel.bridge.engine;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

import com.sun.jna.Function;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Structure;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The per-context state the native-memory count and bound are built from (LibdeflateEngine's
 * COMPRESSOR_BYTES and DECOMPRESSOR_BYTES, ZlibEngine's DEFLATER_BYTES and INFLATER_BYTES) against
 * what the libraries really malloc, measured with glibc's mallinfo2 around their own allocators.
 * Checking the meter against a bound built from the same constants could not catch a wrong
 * constant; this can. Each constant must cover the measurement (or the bound is not a bound) and
 * be within a quarter of it (or the memory table in the docs misleads).
 *
 * <p>Other JVM threads (JIT, GC, the Cleaner) malloc and free too; each figure is taken over many
 * objects at once, as the median of several trials, so their noise is a small share. How small
 * matters for the Inflater, whose count is 2% above what zlib mallocs: in one CI run 256 objects
 * per trial measured 40,986 B each, 900 B above the usual 40,090 (about 230 KB held by another
 * thread at the end of most trials), so it takes 1,024 objects (40 MB) per trial.
 */
class LibraryMemoryTest {

    /** glibc's struct mallinfo2 (glibc 2.33+): every field a size_t. */
    @Structure.FieldOrder({"arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks", "keepcost"})
    public static class MallInfo2 extends Structure implements Structure.ByValue {
        public long arena, ordblks, smblks, hblks, hblkhd, usmblks, fsmblks, uordblks, fordblks, keepcost;
    }

    private static Function mallinfo2;

    /** Bytes in use from malloc: the arenas' allocated chunks plus mmapped ones (large objects). */
    private static long inUse() {
        MallInfo2 m = (MallInfo2) mallinfo2.invoke(MallInfo2.class, new Object[0]);
        return m.uordblks + m.hblkhd;
    }

    @BeforeAll
    static void bindLibdeflate() {
        try {
            mallinfo2 = NativeLibrary.getInstance("c").getFunction("mallinfo2");
        } catch (UnsatisfiedLinkError e) {
            throw new AssertionError("this test reads malloc's statistics with glibc's mallinfo2, which needs glibc"
                    + " 2.33 or later (Debian 12 has 2.36): " + e.getMessage(), e);
        }
        try (DeflateEngine e = LibdeflateEngine.open(LibdeflateEngine.DEFAULT_LIBRARY, 6, 1, 1 << 16)) {
            assertTrue(e.status().isAvailable(), LibdeflateEngine.INSTALL_HINT + ": " + e.status());
        }
    }

    /**
     * Median bytes per object over 7 trials of allocating {@code count} objects, then freeing
     * them, after one trial unmeasured (the JIT compiles the loop then). Before each trial a GC
     * lets the Cleaner free what earlier tests in this JVM left unreachable (their Deflaters and
     * Inflaters), which would otherwise be freed in the middle of a trial.
     */
    private static long perObject(int count, LongSupplier allocate, LongConsumer free) {
        long[] trials = new long[8];
        for (int t = 0; t < trials.length; t++) {
            quiesce();
            long[] handles = new long[count];
            long before = inUse();
            for (int i = 0; i < count; i++) {
                handles[i] = allocate.getAsLong();
                assertTrue(handles[i] != 0, "allocation failed");
            }
            long after = inUse();
            for (long h : handles) {
                free.accept(h);
            }
            trials[t] = (after - before) / count;
        }
        long[] measured = Arrays.copyOfRange(trials, 1, trials.length);
        Arrays.sort(measured);
        return measured[measured.length / 2];
    }

    private static void quiesce() {
        System.gc();
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void assertCovers(String what, long constant, long measured) {
        String figures = String.format(Locale.ROOT, "%s: counted %,d B, malloc'd %,d B", what, constant, measured);
        System.out.println("[LibraryMemoryTest] " + figures);
        assertTrue(constant >= measured, figures + ": the count is below what the library holds");
        assertTrue(constant <= measured * 1.25 + 1024, figures + ": the count overstates it by more than a quarter");
    }

    @Test
    void libdeflateCompressorsAtEveryLevel() {
        for (int level = 0; level <= 12; level++) {
            int l = level;
            int count = level >= 10 ? 4 : 16;
            long measured = perObject(count, () -> LibdeflateNatives.libdeflate_alloc_compressor(l),
                    LibdeflateNatives::libdeflate_free_compressor);
            assertCovers("libdeflate compressor, level " + level, LibdeflateEngine.COMPRESSOR_BYTES[level], measured);
        }
    }

    @Test
    void libdeflateDecompressor() {
        long measured = perObject(512, LibdeflateNatives::libdeflate_alloc_decompressor,
                LibdeflateNatives::libdeflate_free_decompressor);
        assertCovers("libdeflate decompressor", LibdeflateEngine.DECOMPRESSOR_BYTES, measured);
    }

    @Test
    void javaUtilZipDeflaterAndInflater() {
        List<Deflater> deflaters = new ArrayList<>();
        long deflater = perObject(128, () -> {
            Deflater d = new Deflater(6);
            deflaters.add(d);
            return deflaters.size();
        }, i -> deflaters.get((int) i - 1).end());
        assertCovers("java.util.zip Deflater", ZlibEngine.DEFLATER_BYTES, deflater);

        // zlib allocates the inflate window only once an inflate spans two calls, and keeps it
        // until the end; the count assumes it, so each Inflater here inflates in two calls.
        byte[] stream = compressed(new byte[64 << 10]);
        byte[] out = new byte[64 << 10];
        List<Inflater> inflaters = new ArrayList<>();
        long inflater = perObject(1024, () -> {
            Inflater in = new Inflater();
            in.setInput(stream);
            try {
                int n = in.inflate(out, 0, 1000);
                n += in.inflate(out, n, out.length - n);
                assertTrue(in.finished() && n == out.length, "inflated " + n);
            } catch (java.util.zip.DataFormatException e) {
                throw new AssertionError(e);
            }
            inflaters.add(in);
            return inflaters.size();
        }, i -> inflaters.get((int) i - 1).end());
        assertCovers("java.util.zip Inflater", ZlibEngine.INFLATER_BYTES, inflater);
    }

    private static byte[] compressed(byte[] data) {
        Deflater d = new Deflater(6);
        d.setInput(data);
        d.finish();
        byte[] out = new byte[data.length + 1024];
        int n = d.deflate(out);
        d.end();
        return Arrays.copyOf(out, n);
    }
}
