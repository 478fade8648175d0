package dev.deflateaccel.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.yaml.snakeyaml.Yaml;

/** The edits NodeConf makes to the stock cassandra.yaml must leave valid YAML with the new values. */
class YamlEditorTest {

    @ParameterizedTest
    @EnumSource(CassandraLine.class)
    void editsTheStockFileIntoValidYaml(CassandraLine line) throws IOException {
        List<String> stock = StockFilesTest.resourceLines(line.resourceDir() + "conf/cassandra.yaml");
        YamlEditor editor = new YamlEditor(stock)
                .put("listen_address", "127.0.0.2")
                .put("native_transport_port", "19042")
                .put("seed_provider", "  - class_name: org.apache.cassandra.locator.SimpleSeedProvider\n"
                        + "    parameters:\n"
                        + "      - seeds: \"127.0.0.1:17000\"\n")
                .put("commitlog_compression", "  - class_name: DeflateCompressor\n")
                .put("commitlog_sync", "batch")
                .remove("commitlog_sync_period");

        Map<String, Object> yaml = new Yaml().load(String.join("\n", editor.lines()));

        assertEquals("127.0.0.2", yaml.get("listen_address"));
        assertEquals(19042, yaml.get("native_transport_port"));
        assertEquals("batch", yaml.get("commitlog_sync"));
        assertFalse(yaml.containsKey("commitlog_sync_period"));
        assertEquals(List.of(Map.of("class_name", "DeflateCompressor")), yaml.get("commitlog_compression"));
        assertTrue(yaml.get("seed_provider").toString().contains("seeds=127.0.0.1:17000"), yaml.get("seed_provider").toString());
        // Untouched keys keep their stock values; the file keeps its comments.
        assertEquals("SimpleSnitch", yaml.get("endpoint_snitch"));
        assertTrue(editor.lines().size() > stock.size() / 2);
        assertEquals(1, editor.lines().stream().filter(l -> l.startsWith("seed_provider:")).count());
    }
}
