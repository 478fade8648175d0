package dev.deflateaccel.lab.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

import dev.deflateaccel.harness.CassandraLine;

class EndToEndOptionsTest {

    @Test
    void theDocumentedOptionsAreRead() {
        EndToEndOptions o = EndToEndOptions.parse(new String[] {"--short", "--cassandra", "6.0", "--rows", "5000",
            "--read-seconds", "5", "--repetitions", "1"});
        assertEquals(CassandraLine.of("6.0"), o.cassandra);
        assertEquals(5000, o.rows);
        assertEquals(5, o.readSeconds);
        assertEquals(1, o.repetitions);
        assertEquals("lab/run-e2e-bench.sh --short --cassandra 6.0 --rows 5000 --read-seconds 5 --repetitions 1",
                o.commandLine);
    }

    @Test
    void aBadValueNamesTheOptionTheValueAndTheRange() {
        assertEquals("--repetitions 0: want a whole number from 1 to 100", assertThrows(IllegalArgumentException.class,
                () -> EndToEndOptions.parse(new String[] {"--repetitions", "0"})).getMessage());
        assertEquals("--rows many: want a whole number of at least 1000", assertThrows(IllegalArgumentException.class,
                () -> EndToEndOptions.parse(new String[] {"--rows", "many"})).getMessage());
        assertEquals("--read-seconds needs a value", assertThrows(IllegalArgumentException.class,
                () -> EndToEndOptions.parse(new String[] {"--read-seconds"})).getMessage());
        assertEquals("unknown option --full", assertThrows(IllegalArgumentException.class,
                () -> EndToEndOptions.parse(new String[] {"--full"})).getMessage());
    }
}
