package dev.deflateaccel.bridge;

import dev.deflateaccel.bridge.engine.DeflateBound;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

import dev.deflateaccel.sample.RowBytes;

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
        return RowBytes.generate(size, seed);
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

    /** zlib's deflateBound for the default settings and 64 bytes more: room any engine's output fits in. */
    public static int bound(int length) {
        return DeflateBound.of(length) + 64;
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
