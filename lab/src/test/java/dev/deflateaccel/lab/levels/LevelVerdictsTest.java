package dev.deflateaccel.lab.levels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import dev.deflateaccel.lab.experiment.Configuration;
import dev.deflateaccel.lab.tools.Spread;

class LevelVerdictsTest {
    private static LevelResult result(String engine, int level, int chunkKiB, long compressed, double compressMbps) {
        return new LevelResult(LevelsOptions.configuration(engine, level), chunkKiB, 10, 1000, compressed,
                Spread.of(compressMbps), Spread.of(2 * compressMbps));
    }

    private static LevelResult stock(int chunkKiB, long compressed) {
        return result(Configuration.STOCK, 6, chunkKiB, compressed, 10);
    }

    @Test
    void fastestLevelIsTheQuickestAmongThoseNoLargerThanStock() {
        LevelResult stock = stock(16, 400);
        List<LevelResult> levels = List.of(
                result("libdeflate", 1, 16, 420, 90),  // fastest but larger: not eligible
                result("libdeflate", 3, 16, 400, 60),  // equal size counts as "no larger"
                result("libdeflate", 6, 16, 390, 40));
        assertEquals(3, LevelVerdicts.fastestNoLargerThanStock(levels, stock).get().config.level);
    }

    @Test
    void noLevelWhenAllAreLarger() {
        LevelResult stock = stock(16, 400);
        assertFalse(LevelVerdicts.fastestNoLargerThanStock(
                List.of(result("libdeflate", 1, 16, 401, 90)), stock).isPresent());
    }

    @Test
    void levelForAllSizesMustQualifyAtEverySizeAndWinsOnGeometricMeanSpeedup() {
        Map<Integer, LevelResult> stock = Map.of(4, stock(4, 500), 64, stock(64, 300));
        Map<Integer, List<LevelResult>> libdeflate = Map.of(
                4, List.of(result("libdeflate", 2, 4, 520, 100), result("libdeflate", 4, 4, 500, 30),
                        result("libdeflate", 5, 4, 490, 20)),
                64, List.of(result("libdeflate", 2, 64, 290, 100), result("libdeflate", 4, 64, 295, 30),
                        result("libdeflate", 5, 64, 280, 50)));
        // 2 is larger at 4 KiB; 4: sqrt(3 * 3) = 3; 5: sqrt(2 * 5) = 3.16
        assertEquals(Optional.of(5), LevelVerdicts.levelForAllSizes(libdeflate, stock));
    }

    @Test
    void costStatesSizeAndSpeedAgainstStock() {
        LevelResult stock = stock(16, 400);
        LevelResult igzip = result("igzip", 1, 16, 428, 74);
        assertEquals("+7.0% size, 7.40× compress, 7.40× decompress", LevelVerdicts.cost(igzip, stock));
    }
}
