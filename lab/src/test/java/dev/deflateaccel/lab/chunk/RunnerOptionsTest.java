package dev.deflateaccel.lab.chunk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;

class RunnerOptionsTest {

    @Test
    void quickIsTheDefaultAndFullChangesOnlyWhatIsNotGiven() {
        RunnerOptions quick = RunnerOptions.parse(new String[] {"--datasets", "rows"});
        assertEquals(List.of(16), quick.chunkKiBs);
        assertEquals(1, quick.forks);
        assertEquals(7, quick.nativeRepetitions);
        assertEquals(List.of(BenchConfiguration.values()), quick.configurations);

        RunnerOptions full = RunnerOptions.parse(new String[] {"--forks", "3", "--full", "--datasets", "rows"});
        assertEquals(List.of(4, 16, 64), full.chunkKiBs);
        assertEquals(3, full.forks, "a given --forks wins over the mode's, whatever the order");
        assertEquals(0.5, full.nativeSecondsPerRepetition);
    }

    @Test
    void badValuesAreRefusedByName() {
        assertEquals("--configs stock,gzip: want one or more of stock,libdeflate,igzip,lz4,zstd",
                assertThrows(IllegalArgumentException.class,
                        () -> RunnerOptions.parse(new String[] {"--configs", "stock,gzip"})).getMessage());
        assertEquals("choose one of --quick and --full", assertThrows(IllegalArgumentException.class,
                () -> RunnerOptions.parse(new String[] {"--quick", "--full"})).getMessage());
        assertEquals(List.of(BenchConfiguration.STOCK, BenchConfiguration.LZ4),
                RunnerOptions.parse(new String[] {"--configs", "stock,lz4", "--datasets", "rows"}).configurations);
    }
}
