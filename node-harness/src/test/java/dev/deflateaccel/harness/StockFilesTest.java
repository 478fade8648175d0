package dev.deflateaccel.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The stock bin/ and conf/ files each line ships, and the one cassandra-env.sh edit NodeConf makes. */
class StockFilesTest {

    @ParameterizedTest
    @EnumSource(CassandraLine.class)
    void everyLineShipsTheReleaseFilesANodeNeeds(CassandraLine line) throws IOException {
        for (String name : CassandraDistribution.BIN_FILES) {
            assertTrue(resourceLines(line.resourceDir() + "bin/" + name).size() > 10, name);
        }
        for (String name : line.confFiles()) {
            assertNotNull(CassandraDistribution.class.getResource(line.resourceDir() + "conf/" + name), name);
        }
    }

    @ParameterizedTest
    @EnumSource(CassandraLine.class)
    void theJmxPortLineOfStockCassandraEnvIsSetToTheNodesPort(CassandraLine line) throws IOException {
        List<String> stock = resourceLines(line.resourceDir() + "conf/cassandra-env.sh");
        assertEquals(List.of("JMX_PORT=\"7199\""), jmxLines(stock));

        List<String> edited = NodeConf.withJmxPort(stock, 17199);

        assertEquals(List.of("JMX_PORT=\"17199\""), jmxLines(edited));
        assertEquals(stock.size(), edited.size());
        // The port reaches the JVM only through the variable; nothing else names 7199.
        assertEquals(List.of(), edited.stream().filter(l -> l.matches(".*\\b7199\\b.*")).collect(Collectors.toList()));
        assertTrue(edited.contains("  JVM_OPTS=\"$JVM_OPTS -Dcassandra.jmx.local.port=$JMX_PORT\""), "local JMX port line");
    }

    /**
     * Cassandra 6.0's direct I/O settings, as 6.0-alpha2 ships them in cassandra.yaml: commented
     * out at the defaults its Config class holds (compaction reads inherit disk_access_mode,
     * background writes buffered, a 1 MiB staging buffer), so a node on this conf runs buffered
     * unless a scenario sets them (AcceleratedNodeIT on 6.0 sets both to direct).
     */
    @org.junit.jupiter.api.Test
    void theSixZeroConfCarriesTheDirectIoSettingsCommentedOutAtTheirDefaults() throws IOException {
        List<String> yaml = resourceLines(CassandraLine.V6_0.resourceDir() + "conf/cassandra.yaml");
        for (String setting : List.of("# compaction_read_disk_access_mode: auto", "# background_write_disk_access_mode: standard",
                "# direct_write_buffer_size: 1MiB")) {
            assertTrue(yaml.contains(setting), setting);
        }
        assertEquals(List.of(), yaml.stream()
                .filter(l -> l.matches("^(compaction_read_disk_access_mode|background_write_disk_access_mode|direct_write_buffer_size):.*"))
                .collect(Collectors.toList()), "set in the stock file");
    }

    private static List<String> jmxLines(List<String> lines) {
        return lines.stream().filter(l -> l.startsWith("JMX_PORT=")).collect(Collectors.toList());
    }

    static List<String> resourceLines(String name) throws IOException {
        try (InputStream in = StockFilesTest.class.getResourceAsStream(name)) {
            assertNotNull(in, name);
            return Arrays.asList(new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n"));
        }
    }
}
