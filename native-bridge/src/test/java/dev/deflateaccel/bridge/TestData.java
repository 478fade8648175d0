package dev.deflateaccel.bridge;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.stream.Stream;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * Test inputs: the Calgary and Canterbury corpora when the checkout sits next to ../shared
 * (system property deflateaccel.corpus), otherwise generated Cassandra-like rows; and the
 * java.util.zip reference codec that every engine is checked against.
 */
public final class TestData {
    private TestData() {
    }

    /** Corpus files by name, or generated data sets when the corpus is absent. */
    public static Map<String, byte[]> corpus() {
        Map<String, byte[]> files = new LinkedHashMap<>();
        String dir = System.getProperty("deflateaccel.corpus", "../shared/corpus");
        Path root = Paths.get(dir);
        if (Files.isDirectory(root)) {
            try (Stream<Path> paths = Files.walk(root)) {
                for (Path p : (Iterable<Path>) paths.filter(Files::isRegularFile)
                        .filter(p -> !p.getFileName().toString().matches("README.md|SHA256SUMS"))
                        .sorted()::iterator) {
                    files.put(root.relativize(p).toString(), Files.readAllBytes(p));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        if (files.isEmpty()) {
            files.put("generated/rows", cassandraLikeRows(1 << 20, 42));
            files.put("generated/random", random(256 * 1024, 7));
            files.put("generated/zeros", new byte[300 * 1024]);
        }
        return files;
    }

    /** Text, uuids, timestamps, numbers and some random blobs, roughly what an SSTable chunk holds. */
    public static byte[] cassandraLikeRows(int size, long seed) {
        Random r = new Random(seed);
        String[] words = {"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "user", "order", "status",
            "shipped", "pending", "cancelled", "Berlin", "Lisbon", "Osaka", "Denver"};
        StringBuilder sb = new StringBuilder(size + 256);
        long ts = 1_700_000_000_000L;
        byte[] blob = new byte[24];
        while (sb.length() < size) {
            sb.append(new UUID(r.nextLong(), r.nextLong())).append('|');
            sb.append(ts += r.nextInt(5000)).append('|');
            for (int w = 0, n = 3 + r.nextInt(8); w < n; w++) {
                sb.append(words[r.nextInt(words.length)]).append(' ');
            }
            sb.append('|').append(r.nextInt(100_000)).append('|');
            if (r.nextInt(4) == 0) {
                r.nextBytes(blob);
                for (byte b : blob) {
                    sb.append((char) (b & 0xff));
                }
            }
            sb.append('\n');
        }
        byte[] bytes = sb.toString().getBytes(StandardCharsets.ISO_8859_1);
        return java.util.Arrays.copyOf(bytes, size);
    }

    public static byte[] random(int size, long seed) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }

    /** Cuts {@code data} into chunks of {@code chunkSize} (the last may be shorter). */
    public static List<byte[]> chunks(byte[] data, int chunkSize) {
        List<byte[]> list = new ArrayList<>();
        for (int off = 0; off < data.length; off += chunkSize) {
            list.add(java.util.Arrays.copyOfRange(data, off, Math.min(data.length, off + chunkSize)));
        }
        return list;
    }

    /** zlib's deflateBound for the default settings: room any engine's output fits in. */
    public static int bound(int length) {
        return length + (length >> 12) + (length >> 14) + (length >> 25) + 13 + 64;
    }

    /** What stock java.util.zip (stock Cassandra) writes. */
    public static byte[] zlibCompress(byte[] data) {
        Deflater d = new Deflater();
        try {
            d.setInput(data);
            d.finish();
            byte[] out = new byte[bound(data.length)];
            int n = d.deflate(out);
            if (!d.finished()) {
                throw new AssertionError("bound too small");
            }
            return java.util.Arrays.copyOf(out, n);
        } finally {
            d.end();
        }
    }

    /** Plain java.util.zip.Inflater; null when it does not decode a complete stream. */
    public static byte[] zlibDecompress(byte[] stream, int maxLength) {
        Inflater inf = new Inflater();
        try {
            inf.setInput(stream);
            byte[] out = new byte[maxLength + 1];
            int n = inf.inflate(out);
            return inf.finished() ? java.util.Arrays.copyOf(out, n) : null;
        } catch (DataFormatException e) {
            return null;
        } finally {
            inf.end();
        }
    }
}
