package dev.deflateaccel.lab;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import dev.deflateaccel.sample.RowBytes;

/**
 * The benchmark's data sets by name. A corpus set ("calgary", "canterbury") is read like one
 * SSTable data file: the regular files of its directory in name order, concatenated ("." files
 * skipped; native_ref.c does the same). {@link #GENERATED} is the synthetic Cassandra-like rows,
 * used where the corpus is not checked out next to the repository.
 *
 * A corpus set that is asked for but missing is an error, never silently replaced by generated
 * data: the table must say what was measured.
 */
public final class Datasets {
    public static final String GENERATED = "rows";
    public static final List<String> CORPUS_SETS = List.of("calgary", "canterbury");
    /** About the size of the Calgary corpus, so the two behave alike in cache. */
    public static final int GENERATED_BYTES = 3 << 20;
    /** The generated rows' seed: fixed, so every run and host measures the same bytes. */
    public static final long GENERATED_SEED = 0x5EEDCA55L;

    private Datasets() {
    }

    /** Every data set's name: the corpus sets and the generated rows. */
    public static List<String> names() {
        return Stream.concat(CORPUS_SETS.stream(), Stream.of(GENERATED)).collect(Collectors.toList());
    }

    public static byte[] load(String name, Path corpusRoot) {
        if (GENERATED.equals(name)) {
            return RowBytes.generate(GENERATED_BYTES, GENERATED_SEED);
        }
        if (!isAvailable(name, corpusRoot)) {
            throw new IllegalStateException("data set '" + name + "' not found under corpus directory " + corpusRoot
                    + " (set -Ddeflateaccel.corpus=DIR, or use data set '" + GENERATED + "')");
        }
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (Path file : filesOf(corpusRoot.resolve(name))) {
            try {
                all.write(Files.readAllBytes(file));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return all.toByteArray();
    }

    public static boolean isAvailable(String name, Path corpusRoot) {
        if (GENERATED.equals(name)) {
            return true;
        }
        return corpusRoot != null && Files.isDirectory(corpusRoot.resolve(name))
                && !filesOf(corpusRoot.resolve(name)).isEmpty();
    }

    /** The corpus sets present under {@code corpusRoot}, or the generated set when none is. */
    public static List<String> availableOrGenerated(Path corpusRoot) {
        List<String> present = CORPUS_SETS.stream().filter(name -> isAvailable(name, corpusRoot))
                .collect(Collectors.toList());
        return present.isEmpty() ? List.of(GENERATED) : present;
    }

    private static List<Path> filesOf(Path dir) {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries
                    .filter(Files::isRegularFile)
                    .filter(p -> !p.getFileName().toString().startsWith("."))
                    .sorted((a, b) -> a.getFileName().toString().compareTo(b.getFileName().toString()))
                    .collect(Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
