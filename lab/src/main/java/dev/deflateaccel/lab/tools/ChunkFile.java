package dev.deflateaccel.lab.tools;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import dev.deflateaccel.lab.Chunker;
import dev.deflateaccel.lab.Datasets;

/**
 * A data set cut into full chunks ({@link Chunker}: the short tail dropped) and written back to
 * back into one file, which every measuring child (JVM or native_ref) reads and cuts again at the
 * same size: all sides then work on byte-identical chunks, and MB/s = calls x chunk bytes exactly.
 */
public final class ChunkFile {
    private ChunkFile() {
    }

    public static Path write(String dataset, Path corpusDir, int chunkBytes, Path workDir) throws IOException {
        List<byte[]> chunks = Chunker.cut(Datasets.load(dataset, corpusDir), chunkBytes);
        ByteArrayOutputStream all = new ByteArrayOutputStream(chunks.size() * chunkBytes);
        for (byte[] c : chunks) {
            all.write(c);
        }
        Path file = Files.createDirectories(workDir).resolve(dataset + "-" + chunkBytes + ".bin");
        Files.write(file, all.toByteArray());
        return file;
    }

    /** The chunks back from a file {@link #write} wrote. */
    public static List<byte[]> read(Path file, int chunkBytes) throws IOException {
        return Chunker.cut(Files.readAllBytes(file), chunkBytes);
    }
}
