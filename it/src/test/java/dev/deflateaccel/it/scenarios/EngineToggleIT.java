package dev.deflateaccel.it.scenarios;

import static com.datastax.oss.driver.api.core.ConsistencyLevel.ONE;
import static dev.deflateaccel.harness.AgentConfig.IGZIP_COMPRESSION_LEVEL;
import static dev.deflateaccel.harness.AgentConfig.LIBDEFLATE_COMPRESSION_LEVEL;
import static dev.deflateaccel.harness.AgentConfig.LIBDEFLATE_LIBRARY;
import static dev.deflateaccel.harness.AgentConfig.USE_IGZIP_COMPRESS;
import static dev.deflateaccel.harness.AgentConfig.USE_IGZIP_UNCOMPRESS;
import static dev.deflateaccel.harness.AgentConfig.USE_LIBDEFLATE_COMPRESS;
import static dev.deflateaccel.harness.AgentConfig.USE_LIBDEFLATE_UNCOMPRESS;
import static dev.deflateaccel.harness.AgentConfig.USE_ZLIB_COMPRESS;
import static dev.deflateaccel.harness.AgentConfig.USE_ZLIB_UNCOMPRESS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import dev.deflateaccel.harness.AgentConfig;
import dev.deflateaccel.harness.AgentMBean;
import dev.deflateaccel.harness.CassandraNode;
import dev.deflateaccel.harness.DeflateSSTables;
import dev.deflateaccel.harness.EngineStats;
import dev.deflateaccel.harness.LiveConfigEdit;
import dev.deflateaccel.harness.LogFile;
import dev.deflateaccel.harness.NodeSettings;
import dev.deflateaccel.harness.workload.DataVerifier;
import dev.deflateaccel.harness.workload.DataWriter;
import dev.deflateaccel.harness.workload.RowSet;
import dev.deflateaccel.harness.workload.TestTable;
import dev.deflateaccel.sample.SampleRows;

/**
 * Scenario 4: the config file alone decides which engine serves which direction. The file is
 * edited to one config after another (the operator's way: at start, or live) and the JMX
 * statistics after each must name exactly the engines the file enabled. Bad values and a
 * native library that is not there must not stop the node: it starts, serves correct data, and
 * the agent says what is wrong once - not once per compressed chunk.
 */
@ExtendWith(SharedNodeExtension.class)
class EngineToggleIT {

    static final int ROWS = 20_000;
    static final String MISSING_LIBRARY = "/nonexistent/deflate-accel-it/libdeflate.so.0";

    /** A config file and the engines it must route each direction to. */
    static final class Routing {
        final AgentConfig config;
        final String compressEngine;
        final String decompressEngine;

        Routing(AgentConfig config, String compressEngine, String decompressEngine) {
            this.config = config;
            this.compressEngine = compressEngine;
            this.decompressEngine = decompressEngine;
        }
    }

    static final List<Routing> ROUTINGS = List.of(
            new Routing(AgentConfig.allOff("igzip both directions")
                    .with(USE_IGZIP_COMPRESS, "1").with(USE_IGZIP_UNCOMPRESS, "1"), "igzip", "igzip"),
            new Routing(AgentConfig.allOff("igzip compresses, libdeflate decompresses")
                    .with(USE_IGZIP_COMPRESS, "1").with(USE_LIBDEFLATE_UNCOMPRESS, "1"), "igzip", "libdeflate"),
            new Routing(AgentConfig.allOff("libdeflate compresses, decompression left to Cassandra")
                    .with(USE_LIBDEFLATE_COMPRESS, "1"), "libdeflate", "cassandra"),
            new Routing(AgentConfig.allOff("java.util.zip (zlib) both directions")
                    .with(USE_ZLIB_COMPRESS, "1").with(USE_ZLIB_UNCOMPRESS, "1"), "zlib", "zlib"));

    /**
     * The four routings on one start, as an operator switches engines: the first read from the file at
     * start, each next one by rewriting the file, which the agent applies live (its Generation moves
     * on). What only a start reads (bad values, a library that is not there, every engine off) is
     * the other tests', each on a start of its own. At the end the file is put back to the first
     * routing, the one the shared node was started with.
     */
    @Test
    void statisticsFollowTheConfigFile(CassandraNode node) throws IOException {
        AgentConfig first = ROUTINGS.get(0).config;
        node.ensureRunning(NodeSettings.withAgent(first));
        for (int i = 0; i < ROUTINGS.size(); i++) {
            Routing routing = ROUTINGS.get(i);
            AgentConfig config = routing.config;
            LogFile.Mark agentLogMark = node.agentLog().mark();
            LogFile.Mark systemLogMark = node.systemLog().mark();
            if (i > 0) {
                LiveConfigEdit.applyCleanly(node, config);
            }
            EngineStats before = node.engineStats();

            roundTrip(node, new TestTable("toggle", routing.compressEngine + "_to_" + routing.decompressEngine, 16), 4001);

            EngineStats delta = node.engineStats().since(before);
            String which = config + " (" + (i == 0 ? "at start" : "applied live") + "): ";
            try {
                EngineAssertions.servedBy(delta, EngineStats.COMPRESS, routing.compressEngine);
                EngineAssertions.servedBy(delta, EngineStats.DECOMPRESS, routing.decompressEngine);
            } catch (AssertionError e) {
                throw new AssertionError(which + e.getMessage(), e);
            }
            List<String> logged = lines(node.agentLog().linesSince(agentLogMark));
            if (i == 0) {
                assertEquals(List.of(), logged, which + "a clean config must log nothing at log_level 1");
            } else {
                // A clean live edit: no warning or error in the agent's log, and its notice in system.log.
                assertEquals(List.of(), problems(logged), which + "a clean config must log no warning or error");
                List<String> system = node.systemLog().linesSince(systemLogMark);
                assertTrue(system.stream().anyMatch(l -> l.contains("deflate-accel: reloaded")),
                        which + "no reload notice in system.log");
            }
        }
        LiveConfigEdit.applyCleanly(node, first);
    }

    private static List<String> problems(List<String> logged) {
        return logged.stream().filter(l -> l.contains("WARN") || l.contains("ERROR")).collect(Collectors.toList());
    }

    /**
     * Every engine off: the class is still woven, so that Cassandra's own code serves every call
     * and is timed (an operator reads stock's codec share before enabling anything), and the log
     * says once that nothing is enabled.
     */
    @Test
    void everyEngineOffLeavesCassandrasOwnCodeServingEveryCallTimed(CassandraNode node) {
        LogFile.Mark agentLogMark = node.agentLog().mark();
        node.ensureRunning(NodeSettings.withAgent(AgentConfig.allOff("every engine off")));
        EngineStats before = node.engineStats();

        roundTrip(node, new TestTable("toggle", "all_off", 16), 4002);

        EngineStats delta = node.engineStats().since(before);
        EngineAssertions.servedBy(delta, EngineStats.COMPRESS, EngineAssertions.CASSANDRA);
        EngineAssertions.servedBy(delta, EngineStats.DECOMPRESS, EngineAssertions.CASSANDRA);
        Map<String, Object> agent = AgentMBean.attributes(node.ports().jmx());
        assertTrue(agent != null && ((String) agent.get("CodecCpu")).contains(" cassandra "),
                "Cassandra's own code must be timed: " + agent);
        List<String> logged = lines(node.agentLog().linesSince(agentLogMark));
        assertEquals(1, logged.size(), "expected one warning that nothing is enabled, got: " + logged);
        assertTrue(logged.get(0).contains("WARN") && logged.get(0).contains("Cassandra's own code serves every call"),
                logged.get(0));
    }

    @Test
    void badValuesAreWarnedAboutOnceAndDoNotStopTheNode(CassandraNode node) {
        String typo = "use_libdeflate_compresion";
        AgentConfig config = AgentConfig.libdeflate().describedAs("bad values")
                .with(USE_IGZIP_COMPRESS, "yes")            // not 0/1
                .with(IGZIP_COMPRESSION_LEVEL, "-1")        // out of 0-3
                .with(LIBDEFLATE_COMPRESSION_LEVEL, "13")   // out of 1-12
                .with(typo, "1");                            // no such key
        LogFile.Mark agentLogMark = node.agentLog().mark();
        node.ensureRunning(NodeSettings.withAgent(config));
        EngineStats before = node.engineStats();

        roundTrip(node, new TestTable("toggle", "bad_values", 16), 4003);

        List<String> logged = lines(node.agentLog().linesSince(agentLogMark));
        for (String key : List.of(USE_IGZIP_COMPRESS, IGZIP_COMPRESSION_LEVEL, LIBDEFLATE_COMPRESSION_LEVEL, typo)) {
            List<String> naming = logged.stream().filter(l -> l.contains(key + " ") || l.contains("'" + key + "'"))
                    .collect(Collectors.toList());
            assertEquals(1, naming.size(), "expected exactly one line naming " + key + " in:\n" + String.join("\n", logged));
            assertTrue(naming.get(0).contains("WARN"), naming.get(0));
        }
        // The bad values fell back to defaults (igzip off), the good ones still hold (libdeflate on).
        EngineStats delta = node.engineStats().since(before);
        EngineAssertions.servedBy(delta, EngineStats.COMPRESS, "libdeflate");
        EngineAssertions.servedBy(delta, EngineStats.DECOMPRESS, "libdeflate");
    }

    @Test
    void missingNativeLibraryIsWarnedAboutOnceAndTheNextEngineServes(CassandraNode node) {
        AgentConfig config = AgentConfig.allOff("libdeflate from a path that does not exist, zlib next")
                .with(USE_LIBDEFLATE_COMPRESS, "1").with(USE_LIBDEFLATE_UNCOMPRESS, "1")
                .with(LIBDEFLATE_LIBRARY, MISSING_LIBRARY)
                .with(USE_ZLIB_COMPRESS, "1").with(USE_ZLIB_UNCOMPRESS, "1");
        LogFile.Mark agentLogMark = node.agentLog().mark();
        node.ensureRunning(NodeSettings.withAgent(config));
        EngineStats before = node.engineStats();

        roundTrip(node, new TestTable("toggle", "missing_library", 16), 4004);

        List<String> logged = lines(node.agentLog().linesSince(agentLogMark));
        List<String> naming = logged.stream().filter(l -> l.contains(MISSING_LIBRARY)).collect(Collectors.toList());
        assertEquals(1, naming.size(), "expected exactly one line naming " + MISSING_LIBRARY + " in:\n" + String.join("\n", logged));
        assertTrue(naming.get(0).contains("WARN"), naming.get(0));
        EngineStats delta = node.engineStats().since(before);
        EngineAssertions.servedBy(delta, EngineStats.COMPRESS, "zlib");
        EngineAssertions.servedBy(delta, EngineStats.DECOMPRESS, "zlib");
    }

    /** Write, put on disk as Deflate SSTables (compress), read every row back (decompress). */
    private static void roundTrip(CassandraNode node, TestTable table, long seed) {
        SampleRows rows = new SampleRows(seed, 10);
        table.create(node.session(), 1);
        new DataWriter(node.session(), table, rows, ONE).writeAll(0, ROWS);
        DeflateSSTables.flushAndCompact(node, table);
        new DataVerifier(node.session(), table, rows).scan(ONE, RowSet.range(0, ROWS)).assertComplete();
    }

    private static List<String> lines(List<String> log) {
        return log.stream().filter(l -> !l.isBlank()).collect(Collectors.toList());
    }
}
