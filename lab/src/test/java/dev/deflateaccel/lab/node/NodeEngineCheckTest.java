package dev.deflateaccel.lab.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.deflateaccel.harness.EngineCounters;
import dev.deflateaccel.harness.EngineStats;

/** The fresh-node step's engine check: each run states what the configured engine must have served. */
class NodeEngineCheckTest {

    private static EngineStats stats(long compressions, long decompressions, long errors) {
        return new EngineStats(Map.of(
                EngineStats.key("igzip", EngineStats.COMPRESS), new EngineCounters(compressions, 0, 0, errors, 0),
                EngineStats.key("igzip", EngineStats.DECOMPRESS), new EngineCounters(decompressions, 0, 0, 0, 2),
                EngineStats.key("zlib", EngineStats.COMPRESS), new EngineCounters(1, 0, 0, 0, 0)));
    }

    @Test
    void eachRunRequiresTheDirectionItsWorkloadExercises() {
        EngineStats writesOnly = stats(995, 0, 0);
        assertTrue(NodeEngineCheck.of("igzip", writesOnly, NodeEngineCheck.Requires.COMPRESSIONS, "").ok, "the ingest");
        assertFalse(NodeEngineCheck.of("igzip", writesOnly, NodeEngineCheck.Requires.DECOMPRESSIONS, "").ok, "the steady window");
        assertFalse(NodeEngineCheck.of("igzip", writesOnly, NodeEngineCheck.Requires.BOTH, "").ok, "the end-to-end run");
        assertTrue(NodeEngineCheck.of("igzip", stats(995, 96_143, 0), NodeEngineCheck.Requires.BOTH, "").ok);
    }

    @Test
    void anErrorOrAMissingAgentFailsTheCheck() {
        assertFalse(NodeEngineCheck.of("igzip", stats(995, 10, 1), NodeEngineCheck.Requires.COMPRESSIONS, "").ok);
        assertFalse(NodeEngineCheck.of("igzip", new EngineStats(Map.of()), NodeEngineCheck.Requires.COMPRESSIONS, "").ok,
                "a node whose agent did not load");
        assertTrue(NodeEngineCheck.NONE.ok, "a stock node has nothing to check");
    }

    @Test
    void theLineSaysWhatServedAndOverWhichSpan() {
        assertEquals("igzip 995 compressions / 96,143 decompressions in the window, other engines 1 / 0,"
                        + " fallbacks 2, errors 0",
                NodeEngineCheck.of("igzip", stats(995, 96_143, 0), NodeEngineCheck.Requires.DECOMPRESSIONS, " in the window").line);
    }
}
