package dev.deflateaccel.bridge.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Cassandra's thread names, as 4.0-6.0 name them, and the group each is booked to. */
class CallerGroupTest {
    @ParameterizedTest
    @CsvSource({
        "CompactionExecutor:1, COMPACTION",
        "ValidationExecutor:3, COMPACTION",
        "ReadStage-2, READS",
        "Native-Transport-Requests-7, READS",
        "MemtableFlushWriter:1, FLUSH",
        "PerDiskMemtableFlushWriter_0:1, FLUSH",
        "MemtablePostFlush:1, FLUSH",
        "COMMIT-LOG-ALLOCATOR, COMMIT_LOG_AND_HINTS",
        "PERIODIC-COMMIT-LOG-SYNCER, COMMIT_LOG_AND_HINTS",
        "HintsWriteExecutor:1, COMMIT_LOG_AND_HINTS",
        "HintsDispatcher:2, COMMIT_LOG_AND_HINTS",
        "MutationStage-1, OTHER",
        "Stream-Deserializer-/127.0.0.2:7000-1, OTHER",
        "main, OTHER",
    })
    void eachThreadNameHasItsGroup(String thread, CallerGroup expected) {
        assertEquals(expected, CallerGroup.of(thread));
    }
}
