package dev.deflateaccel.lab;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DatasetsTest {
    @Test
    void corpusSetIsItsFilesConcatenatedInNameOrder(@TempDir Path corpus) throws IOException {
        Path calgary = Files.createDirectories(corpus.resolve("calgary"));
        Files.write(calgary.resolve("b"), new byte[] {2, 2});
        Files.write(calgary.resolve("a"), new byte[] {1});
        Files.write(calgary.resolve(".hidden"), new byte[] {9});
        assertArrayEquals(new byte[] {1, 2, 2}, Datasets.load("calgary", corpus));
    }

    @Test
    void missingCorpusSetIsAnErrorNotASilentSubstitute(@TempDir Path emptyCorpus) {
        assertFalse(Datasets.isAvailable("calgary", emptyCorpus));
        assertThrows(IllegalStateException.class, () -> Datasets.load("calgary", emptyCorpus));
    }

    @Test
    void withoutCorpusTheGeneratedSetIsOffered(@TempDir Path emptyCorpus) {
        assertEquals(List.of(Datasets.GENERATED), Datasets.availableOrGenerated(emptyCorpus));
        assertTrue(Datasets.isAvailable(Datasets.GENERATED, emptyCorpus));
    }
}
