package dev.deflateaccel.agent;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.zip.Deflater;

import dev.deflateaccel.bridge.TestData;

/**
 * A seeded, structure-aware generator of would-be zlib streams for decompression fuzzing
 * (issue #8 point 8; Jazzer is not in the offline Maven cache). Input {@code i} depends only on
 * the seed and {@code i}, so the stock and woven phases, and a later replay of one case, see the
 * same bytes.
 *
 * <p>Most inputs are valid streams (java.util.zip at levels 0-9, three strategies, sometimes
 * split by sync or full flushes into several blocks, sometimes with a preset dictionary) of
 * 0-64 KiB of rows, random bytes, zeros or text, then put through 0-3 mutations: bit flips and
 * byte sets (biased to the header, the first block header and the Adler-32), truncation at
 * every kind of boundary, trailing bytes or a second stream, header rewrites with the check
 * bits fixed (other method, window size, FDICT, level), Adler-32 changes, stored-block LEN/NLEN
 * edits and block-type changes, deleted or duplicated ranges. The rest are random bytes, bare
 * or behind a valid header.
 */
final class ZlibFuzzInputs {
    /** One generated input and how it was made. */
    static final class Input {
        final byte[] bytes;
        /** Length of the data the stream was made from, or -1 when it was not made from data. */
        final int plainLength;
        final String recipe;

        Input(byte[] bytes, int plainLength, String recipe) {
            this.bytes = bytes;
            this.plainLength = plainLength;
            this.recipe = recipe;
        }
    }

    private static final int MAX_PLAIN = 64 * 1024;
    private static final byte[] ROWS = TestData.cassandraLikeRows(256 * 1024, 1234);
    private static final byte[] NOISE = TestData.random(256 * 1024, 4321);
    private static final byte[] TEXT = text();
    private static final byte[] DICTIONARY = Arrays.copyOf(ROWS, 2048);

    private final long seed;

    ZlibFuzzInputs(long seed) {
        this.seed = seed;
    }

    /** A random source for case {@code index}, independent of every other case. */
    SplittableRandom random(int index) {
        return new SplittableRandom(seed * 0x9E3779B97F4A7C15L + index);
    }

    Input generate(SplittableRandom r) {
        int kind = r.nextInt(100);
        if (kind < 6) {
            byte[] b = new byte[r.nextInt(300)];
            fill(r, b);
            return new Input(b, -1, "random-bytes(" + b.length + ")");
        }
        if (kind < 10) {
            byte[] b = new byte[2 + r.nextInt(300)];
            fill(r, b);
            b[0] = 0x78;
            b[1] = (byte) 0x9c;
            if (b.length > 2 && r.nextBoolean()) {
                b[2] = (byte) (b[2] & ~0x06); // a stored block, so the random LEN/NLEN get read
            }
            return new Input(b, -1, "zlib-header+random(" + b.length + ")");
        }
        byte[] plain = plain(r);
        StringBuilder recipe = new StringBuilder();
        byte[] stream = compress(r, plain, recipe);
        int mutations = r.nextInt(4) == 0 ? 0 : 1 + r.nextInt(3);
        for (int m = 0; m < mutations; m++) {
            stream = mutate(r, stream, recipe);
        }
        return new Input(stream, plain.length, recipe.toString());
    }

    // ---------------------------------------------------------------- valid streams

    private static byte[] plain(SplittableRandom r) {
        int size;
        int p = r.nextInt(100);
        if (p < 5) {
            size = 0;
        } else if (p < 20) {
            size = 1 + r.nextInt(64);
        } else if (p < 40) {
            size = 65 + r.nextInt(1024 - 65);
        } else if (p < 70) {
            size = 1024 + r.nextInt(16 * 1024 - 1024);
        } else if (p < 80) {
            size = 16 * 1024; // Cassandra's default chunk
        } else if (p < 95) {
            size = 16 * 1024 + r.nextInt(MAX_PLAIN - 16 * 1024);
        } else {
            size = MAX_PLAIN;
        }
        int source = r.nextInt(10);
        byte[] from = source < 6 ? ROWS : source < 8 ? NOISE : source < 9 ? TEXT : null;
        if (from == null) {
            return new byte[size]; // zeros
        }
        int start = r.nextInt(from.length - size + 1);
        return Arrays.copyOfRange(from, start, start + size);
    }

    private static byte[] compress(SplittableRandom r, byte[] plain, StringBuilder recipe) {
        int level = new int[] {0, 0, 1, 2, 4, 6, 6, 6, 9}[r.nextInt(9)];
        int strategy = new int[] {Deflater.DEFAULT_STRATEGY, Deflater.DEFAULT_STRATEGY, Deflater.FILTERED,
            Deflater.HUFFMAN_ONLY}[r.nextInt(4)];
        boolean dictionary = r.nextInt(25) == 0;
        int pieces = r.nextInt(5) == 0 ? 2 + r.nextInt(4) : 1;
        int flush = r.nextBoolean() ? Deflater.SYNC_FLUSH : Deflater.FULL_FLUSH;
        recipe.append("zlib(").append(plain.length).append(" bytes,level ").append(level)
                .append(strategy == Deflater.DEFAULT_STRATEGY ? "" : strategy == Deflater.FILTERED ? ",filtered" : ",huffman-only")
                .append(pieces > 1 ? "," + pieces + " pieces " + (flush == Deflater.SYNC_FLUSH ? "sync" : "full") + "-flushed" : "")
                .append(dictionary ? ",preset dictionary" : "").append(')');
        Deflater d = new Deflater(level);
        try {
            d.setStrategy(strategy);
            if (dictionary) {
                d.setDictionary(DICTIONARY);
            }
            byte[] out = new byte[plain.length + plain.length / 8 + 128 + 16 * pieces];
            int n = 0;
            int from = 0;
            for (int k = 1; k <= pieces; k++) {
                int to = k == pieces ? plain.length : from + r.nextInt(plain.length - from + 1);
                d.setInput(plain, from, to - from);
                if (k == pieces) {
                    d.finish();
                }
                do {
                    if (n == out.length) {
                        out = Arrays.copyOf(out, out.length * 2);
                    }
                    n += d.deflate(out, n, out.length - n, k == pieces ? Deflater.NO_FLUSH : flush);
                } while (k == pieces ? !d.finished() : n == out.length || !d.needsInput());
                from = to;
            }
            out = Arrays.copyOf(out, n);
            if ((level == 0 || strategy == Deflater.HUFFMAN_ONLY) && r.nextBoolean()) {
                // No back-references: any window is honest, and one of 4 KiB or less is what IAA decodes.
                int cinfo = r.nextInt(5);
                out[0] = (byte) (cinfo << 4 | 8);
                out[1] = (byte) CaseBuffers.fixCheck(out[0] & 0xff, out[1] & 0xe0);
                recipe.insert(recipe.length() - 1, ",window " + (256 << cinfo));
            }
            return out;
        } finally {
            d.end();
        }
    }

    // ---------------------------------------------------------------- mutations

    private static byte[] mutate(SplittableRandom r, byte[] s, StringBuilder recipe) {
        int n = s.length;
        int m = r.nextInt(100);
        if (n == 0) {
            recipe.append("+byte");
            return new byte[] {(byte) r.nextInt(256)};
        }
        if (m < 18) {
            int at = position(r, n);
            int bit = r.nextInt(8);
            byte[] c = s.clone();
            c[at] ^= (byte) (1 << bit);
            recipe.append("+flip(").append(at).append(':').append(bit).append(')');
            return c;
        }
        if (m < 28) {
            int at = position(r, n);
            int v = new int[] {0, 0xff, r.nextInt(256)}[r.nextInt(3)];
            byte[] c = s.clone();
            c[at] = (byte) v;
            recipe.append("+set(").append(at).append('=').append(v).append(')');
            return c;
        }
        if (m < 45) {
            int[] cuts = {0, 1, 2, 3, n - 1, n - 2, n - 3, n - 4, n - 5, n / 2, r.nextInt(n)};
            int cut = Math.max(0, cuts[r.nextInt(cuts.length)]);
            recipe.append("+truncate(").append(cut).append(')');
            return Arrays.copyOf(s, cut);
        }
        if (m < 55) {
            int extra = r.nextInt(4) == 0 ? n : 1 + r.nextInt(16);
            byte[] c = Arrays.copyOf(s, n + extra);
            if (extra == n) {
                System.arraycopy(s, 0, c, n, n);
                recipe.append("+second-stream");
            } else {
                boolean zeros = r.nextBoolean();
                for (int i = n; i < c.length && !zeros; i++) {
                    c[i] = (byte) r.nextInt(256);
                }
                recipe.append("+trailing(").append(extra).append(zeros ? " zeros)" : ")");
            }
            return c;
        }
        if (m < 68 && n >= 2) {
            return header(r, s, recipe);
        }
        if (m < 76 && n >= 6) {
            byte[] c = s.clone();
            int v = r.nextInt(3);
            if (v == 0) {
                Arrays.fill(c, n - 4, n, (byte) 0);
            } else if (v == 1) {
                for (int i = n - 4; i < n; i++) {
                    c[i] = (byte) ~c[i];
                }
            } else {
                c[n - 1]++;
            }
            recipe.append("+adler(").append(new String[] {"zero", "inverted", "plus one"}[v]).append(')');
            return c;
        }
        if (m < 86 && n >= 7) {
            return blockHeader(r, s, recipe);
        }
        int a = r.nextInt(n);
        int len = 1 + r.nextInt(Math.min(64, n - a));
        if (r.nextBoolean()) {
            byte[] c = new byte[n - len];
            System.arraycopy(s, 0, c, 0, a);
            System.arraycopy(s, a + len, c, a, n - a - len);
            recipe.append("+delete(").append(a).append(',').append(len).append(')');
            return c;
        }
        byte[] c = new byte[n + len];
        System.arraycopy(s, 0, c, 0, a + len);
        System.arraycopy(s, a, c, a + len, n - a);
        recipe.append("+duplicate(").append(a).append(',').append(len).append(')');
        return c;
    }

    /** Mostly the header, the first block header and the Adler-32; otherwise anywhere. */
    private static int position(SplittableRandom r, int n) {
        int p = r.nextInt(10);
        if (p < 2) {
            return r.nextInt(Math.min(2, n));
        }
        if (p < 3) {
            return Math.min(n - 1, 2 + r.nextInt(5));
        }
        if (p < 5) {
            return Math.max(0, n - 1 - r.nextInt(4));
        }
        return r.nextInt(n);
    }

    private static byte[] header(SplittableRandom r, byte[] s, StringBuilder recipe) {
        byte[] c = s.clone();
        int cmf = c[0] & 0xff;
        int flg = c[1] & 0xff;
        switch (r.nextInt(6)) {
            case 0:
                cmf = (cmf & 0xf0) | r.nextInt(16);
                recipe.append("+method(").append(cmf & 0x0f).append(')');
                break;
            case 1:
                cmf = (cmf & 0x0f) | (r.nextInt(16) << 4);
                recipe.append("+window(").append(cmf >>> 4).append(')');
                break;
            case 2:
                flg |= 0x20;
                recipe.append("+fdict");
                break;
            case 3:
                flg &= ~0x20;
                recipe.append("+no-fdict");
                break;
            case 4:
                flg = (flg & 0x3f) | (r.nextInt(4) << 6);
                recipe.append("+flevel(").append(flg >>> 6).append(')');
                break;
            default:
                c[1] = (byte) (flg ^ (1 + r.nextInt(31)));
                recipe.append("+bad-check");
                return c;
        }
        c[0] = (byte) cmf;
        c[1] = (byte) CaseBuffers.fixCheck(cmf, flg);
        if (r.nextInt(3) == 0 && (flg & 0x20) != 0) {
            byte[] d = new byte[c.length + 4]; // insert a dictionary id (random) after the header
            d[0] = c[0];
            d[1] = c[1];
            for (int i = 2; i < 6; i++) {
                d[i] = (byte) r.nextInt(256);
            }
            System.arraycopy(c, 2, d, 6, c.length - 2);
            recipe.append("+dictid");
            return d;
        }
        return c;
    }

    /** Edits the first block header: its type bits, or a stored block's LEN/NLEN. */
    private static byte[] blockHeader(SplittableRandom r, byte[] s, StringBuilder recipe) {
        byte[] c = s.clone();
        int first = c[2] & 0xff;
        boolean stored = ((first >>> 1) & 3) == 0;
        if (!stored || r.nextInt(4) == 0) {
            int type = r.nextInt(4);
            c[2] = (byte) ((first & ~0x06) | (type << 1));
            recipe.append("+btype(").append(type).append(')');
            return c;
        }
        // Stored: byte 2 is BFINAL/BTYPE (padded), then LEN and NLEN, little-endian.
        int len = (c[3] & 0xff) | (c[4] & 0xff) << 8;
        int newLen;
        switch (r.nextInt(5)) {
            case 0: newLen = len + 1; break;
            case 1: newLen = Math.max(0, len - 1); break;
            case 2: newLen = 0xffff; break;
            case 3: newLen = 0; break;
            default: newLen = r.nextInt(0x10000); break;
        }
        boolean keepNlen = r.nextInt(3) != 0;
        c[3] = (byte) newLen;
        c[4] = (byte) (newLen >>> 8);
        if (keepNlen) {
            c[5] = (byte) ~newLen;
            c[6] = (byte) (~newLen >>> 8);
        }
        recipe.append("+stored-len(").append(len).append("->").append(newLen).append(keepNlen ? ")" : ",nlen stale)");
        return c;
    }

    // ---------------------------------------------------------------- helpers

    private static void fill(SplittableRandom r, byte[] b) {
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) r.nextInt(256);
        }
    }

    private static byte[] text() {
        String[] words = {"the", "quick", "brown", "fox", "SELECT", "FROM", "keyspace", "partition", "row", "cell",
            "tombstone", "compaction", "sstable", "memtable", "commitlog", "42", "2024-01-01", "\n"};
        SplittableRandom r = new SplittableRandom(99);
        StringBuilder sb = new StringBuilder();
        while (sb.length() < 256 * 1024) {
            sb.append(words[r.nextInt(words.length)]).append(' ');
        }
        return Arrays.copyOf(sb.toString().getBytes(java.nio.charset.StandardCharsets.US_ASCII), 256 * 1024);
    }

    /** For the summary: every mutation and kind name seen in a recipe. */
    static List<String> tags(String recipe) {
        List<String> tags = new ArrayList<>();
        for (String part : recipe.split("\\+")) {
            int paren = part.indexOf('(');
            tags.add(paren < 0 ? part : part.substring(0, paren));
        }
        return tags;
    }
}
