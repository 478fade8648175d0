package dev.deflateaccel.agent.advise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

class TableWeightsTest {
    /** As nodetool tablestats of 4.1 prints it (shortened), one table with -H's units. */
    private static final List<String> TABLESTATS = Arrays.asList(
            "Total number of tables: 48",
            "----------------",
            "Keyspace : shop",
            "\tRead Count: 120453",
            "\tRead Latency: 0.183 ms",
            "\tWrite Count: 502311",
            "\tWrite Latency: 0.021 ms",
            "\tPending Flushes: 0",
            "\t\tTable: events",
            "\t\tSSTable count: 7",
            "\t\tOld SSTable count: 0",
            "\t\tSpace used (live): 30412345",
            "\t\tSpace used (total): 30412345",
            "\t\tSpace used by snapshots (total): 0",
            "\t\tOff heap memory used (total): 41280",
            "\t\tSSTable Compression Ratio: 0.3141",
            "\t\tNumber of partitions (estimate): 20011",
            "\t\tLocal read count: 120453",
            "\t\tLocal write count: 502311",
            "\t\tCompacted partition mean bytes: 1597",
            "\t\tTable (index): events.events_by_user",
            "\t\tSpace used (live): 999",
            "\t\tTable: users",
            "\t\tSSTable count: 1",
            "\t\tSpace used (live): 1.5 MiB",
            "\t\tSpace used (total): 1.5 MiB",
            "",
            "----------------",
            "Keyspace : system",
            "\t\tTable: local",
            "\t\tSpace used (live): 10526",
            "----------------");

    @Test
    void tablestatsGivesEachTableItsLiveSpace() {
        TableWeights w = TableWeights.tablestats("--tablestats ts.txt", TABLESTATS);
        assertEquals(30412345.0, w.weight("shop", "events"), 0.0);
        assertEquals(1.5 * (1 << 20), w.weight("shop", "users"), 0.0);
        assertEquals(10526.0, w.weight("system", "local"), 0.0);
        assertEquals(3, w.all().size(), "the index line is not a table: " + w.all());
        assertNull(w.weight("shop", "orders"));
    }

    @Test
    void notTablestats() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TableWeights.tablestats("--tablestats x", Arrays.asList("Datacenter: dc1", "UN  127.0.0.1")));
        assertTrue(e.getMessage().contains("no 'Table:' with 'Space used (live):' in it"), e.getMessage());
    }

    @Test
    void weightsFile() {
        TableWeights w = TableWeights.weights("--weights w", Arrays.asList("# GB compacted per day", "shop.events 42",
                "", "shop.users 0.5"));
        assertEquals(42.0, w.weight("shop", "events"), 0.0);
        assertEquals(0.5, w.weight("shop", "users"), 0.0);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TableWeights.weights("--weights w", Arrays.asList("shop.events 42", "events lots")));
        assertEquals("--weights w line 2: not 'keyspace.table NUMBER': events lots", e.getMessage());
    }
}
