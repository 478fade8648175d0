package dev.deflateaccel.it.scenarios;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.deflateaccel.harness.EngineCounters;
import dev.deflateaccel.harness.EngineStats;

/**
 * What "engine E served direction D" means in the statistics of one node process over one piece
 * of work: E completed calls; no other engine did, except that Cassandra's own code may have
 * served calls E declined (E's fallbacks, e.g. an output buffer too small for incompressible
 * input) and empty inputs (the agent hands those back by design: only the stock code reproduces
 * its exact behaviour on them; they are counted with 0 bytes in); and no engine reported an error.
 */
public final class EngineAssertions {

    public static final String CASSANDRA = "cassandra";

    private EngineAssertions() {
    }

    public static void servedBy(EngineStats delta, String direction, String engine) {
        EngineCounters served = delta.get(engine, direction);
        assertTrue(served.operations > 0, engine + " served no " + direction + " call:\n" + delta);
        EngineCounters handedBack = delta.get(CASSANDRA, direction);
        if (CASSANDRA.equals(engine)) {
            assertEquals(0, delta.operationsExcept(CASSANDRA, direction),
                    "only Cassandra's own code should have served " + direction + ":\n" + delta);
        } else {
            assertEquals(handedBack.operations, delta.operationsExcept(engine, direction),
                    "no engine but " + engine + " (and Cassandra, for what it declined) should serve " + direction + ":\n" + delta);
            assertTrue(handedBack.bytesIn == 0 || served.fallbacks > 0,
                    "Cassandra's own code got non-empty " + direction + " calls that " + engine + " never declined:\n" + delta);
        }
        assertEquals(0, delta.totalErrors(), "engine errors:\n" + delta);
    }
}
