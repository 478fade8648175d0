package dev.deflateaccel.claims;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * The committed derived files are what DerivedFigures computes from the committed reports now:
 * nobody edited one by hand, and a change to the model's code or to a report shows up here.
 */
class DerivedFiguresTest {
    static final Path ROOT = Paths.get("..").toAbsolutePath().normalize();

    @Test
    void committedDerivedFilesAreWhatTheLabComputes() {
        Map<Path, String> expected = DerivedFigures.all(ROOT);
        for (Map.Entry<Path, String> file : expected.entrySet()) {
            assertTrue(Files.isRegularFile(file.getKey()), file.getKey() + " missing: run DerivedFigures");
            assertEquals(file.getValue(), FigureCheck.read(file.getKey()),
                    file.getKey() + " differs from what DerivedFigures computes: run it and commit the result");
        }
    }

    @Test
    void theModelPredictsTheStockRunItWasFittedOnAndMissesTheCodecPart() {
        String steady = DerivedFigures.steady(ROOT);
        // N is stock's measurement minus its zlib part, so the codec part is where a miss shows:
        // libdeflate's predicted codec part is 0.76 of the measured one, while the whole is 0.98.
        assertTrue(steady.contains("| Deflate + agent, libdeflate | 4,863 | 254,132 | 456.16 | 467.00 | 0.98 | 33.59"
                + " | 44.42 | 0.76 |"), steady);
    }
}
