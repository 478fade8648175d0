package dev.deflateaccel.it.scenarios;

import static com.datastax.oss.driver.api.core.ConsistencyLevel.ONE;
import static dev.deflateaccel.harness.AgentConfig.USE_IGZIP_COMPRESS;
import static dev.deflateaccel.harness.AgentConfig.USE_IGZIP_UNCOMPRESS;
import static dev.deflateaccel.harness.AgentConfig.USE_ZLIB_COMPRESS;
import static dev.deflateaccel.harness.AgentConfig.USE_ZLIB_UNCOMPRESS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import dev.deflateaccel.harness.AgentCli;
import dev.deflateaccel.harness.AgentConfig;
import dev.deflateaccel.harness.AgentMBean;
import dev.deflateaccel.harness.CassandraNode;
import dev.deflateaccel.harness.DeflateSSTables;
import dev.deflateaccel.harness.EngineStats;
import dev.deflateaccel.harness.LiveConfigEdit;
import dev.deflateaccel.harness.LogFile;
import dev.deflateaccel.harness.NodeSettings;
import dev.deflateaccel.harness.Pause;
import dev.deflateaccel.harness.workload.ContinuousLoad;
import dev.deflateaccel.harness.workload.DataVerifier;
import dev.deflateaccel.harness.workload.DataWriter;
import dev.deflateaccel.harness.workload.RowSet;
import dev.deflateaccel.harness.workload.TestTable;
import dev.deflateaccel.sample.SampleRows;

/**
 * Issue 9: the agent changed on a live node, under continuous mixed load, without a restart and
 * without a failed request. A stock node; attach with every engine off under load, read stock's
 * codec share and advise's prediction from it, detach (issue 43's "measure before enabling");
 * attach (libdeflate); edit the file to igzip; edit it to
 * an invalid config (refused, igzip stays); edit it to zlib only; detach; attach again; restart
 * without the agent. In every phase: writes and checked reads run while the change is made, then
 * a flush and a major compaction (so Deflate compresses in that phase's engine), the engine
 * counters of the phase, {@code nodetool verify --extended-verify --force}, and a full read-back
 * of every row written so far. Prints the timeline.
 */
@ExtendWith(SharedNodeExtension.class)
class LiveOpsIT {

    static final int PRELOAD = 5_000;
    static final Duration LOAD_PER_PHASE = Duration.ofSeconds(5);
    /**
     * Phase 1b's load before the shares are read. The agent has just attached, so its "last minute"
     * is everything since the attach, all of it Cassandra's own code: 20 s of load give it calls
     * enough, and every row written here is read back in each later phase (65 s cost CI 2.5 min).
     */
    static final Duration STOCK_LOAD = Duration.ofSeconds(20);
    static final long APPLY_LIMIT_MS = 5_000;

    private final List<String> timeline = new ArrayList<>();
    private long t0;

    @Test
    void attachReloadDetachAndAttachAgainUnderLoad(CassandraNode node) throws Exception {
        t0 = System.nanoTime();
        node.ensureRunning(NodeSettings.stock());
        TestTable table = new TestTable("liveops", "rows", 16);
        SampleRows rows = new SampleRows(9009, 10);
        table.create(node.session(), 1);
        new DataWriter(node.session(), table, rows, ONE).writeAll(0, PRELOAD);
        Set<Long> acknowledged = new HashSet<>();
        for (long i = 0; i < PRELOAD; i++) {
            acknowledged.add(i);
        }
        long nextRow = PRELOAD;
        Path conf = node.layout().agentConfig();
        String pid = Long.toString(node.pid());
        LogFile.Mark systemLogMark = node.systemLog().mark();
        event("node started without the agent, " + PRELOAD + " rows preloaded");

        // 1. no agent
        Phase p = new Phase(node, table, rows, acknowledged, nextRow, "1 no agent");
        assertFalse(node.engineStats().agentLoaded());
        nextRow = p.finish(null, null);

        // 1b. measure before enabling (docs/operations.md, "Codec CPU"), issue 43 items 2 and 3:
        // attach with every engine off, so that Cassandra's own code serves, timed; after a while
        // of load, advise reads stock's share over JMX and predicts each engine's; detach.
        writeConfig(conf, AgentConfig.allOff("measure before enabling"));
        p = new Phase(node, table, rows, acknowledged, nextRow, "1b every engine off: stock's share");
        AgentCli.run("attach", pid, "config=" + conf).ok();
        Pause.millis(STOCK_LOAD.toMillis());
        nextRow = p.finish(EngineAssertions.CASSANDRA, EngineAssertions.CASSANDRA);
        event("stock's share: " + assertCodecCpu(node, EngineAssertions.CASSANDRA));
        event("advise --node-cpu: " + assertPrediction(node));
        AgentCli.run("detach", pid).ok();
        assertEquals(null, agentAttribute(node, "Generation"), "detached again");

        // 2. attach with libdeflate
        writeConfig(conf, AgentConfig.libdeflate());
        p = new Phase(node, table, rows, acknowledged, nextRow, "2 attach, libdeflate");
        AgentCli.Result attached = AgentCli.run("attach", pid, "config=" + conf).ok();
        assertTrue(attached.output.contains("ATTACHED"), attached.output);
        event("attach: " + firstLines(attached.output, 3));
        assertEquals(1L, agentAttribute(node, "Generation"));
        assertTrue(AgentCli.run("attach", pid, "config=" + conf).output.contains("already attached"),
                "a second attach must be refused, pointing to reload");
        AgentCli.Result status = AgentCli.run("status", pid, "-p", Integer.toString(node.ports().jmx())).ok();
        assertTrue(status.output.contains("Generation: 1") && status.output.contains("libdeflate/compress"), status.output);
        nextRow = p.finish("libdeflate", "libdeflate");
        // Issue 43: the codec's share of the node's CPU, after a phase of load, flush and compaction.
        String codecCpu = assertCodecCpu(node, "libdeflate");
        AgentCli.Result statusCpu = AgentCli.run("status", pid, "-p", Integer.toString(node.ports().jmx())).ok();
        assertTrue(statusCpu.output.contains("CodecCpu: codec CPU: "), statusCpu.output);
        event("after phase 2: " + codecCpu);

        // 3. edit to igzip (the operator's way: the file is truncated and rewritten in place)
        p = new Phase(node, table, rows, acknowledged, nextRow, "3 edit to igzip");
        long applyMs = edit(node, AgentConfig.allOff("igzip").with(USE_IGZIP_COMPRESS, "1").with(USE_IGZIP_UNCOMPRESS, "1"),
                a -> ((Long) a.get("Generation")) == 2L);
        event("edit to igzip applied after " + applyMs + " ms (generation 2)");
        p.resetCounters();
        nextRow = p.finish("igzip", "igzip");

        // 4. edit to an invalid config: refused as a whole, igzip stays
        p = new Phase(node, table, rows, acknowledged, nextRow, "4 invalid edit, refused");
        applyMs = edit(node, AgentConfig.allOff("invalid").with(USE_IGZIP_COMPRESS, "yes").with(USE_ZLIB_COMPRESS, "1")
                .with("use_zlib_uncompres", "1"), a -> ((String) a.get("LastReloadError")).contains("'yes'"));
        String error = (String) agentAttribute(node, "LastReloadError");
        event("invalid edit refused after " + applyMs + " ms: " + error.replace("\n", " | "));
        assertTrue(error.contains("use_igzip_compress = 'yes'") && error.contains("use_zlib_uncompres"), error);
        assertEquals(2L, agentAttribute(node, "Generation"));
        nextRow = p.finish("igzip", "igzip");
        List<String> logged = node.systemLog().linesSince(systemLogMark);
        assertTrue(logged.stream().anyMatch(l -> l.contains("deflate-accel: config edit refused: ") && l.contains("'yes'")),
                "each problem of a refused edit on one line of system.log");

        // 5. edit to zlib only
        p = new Phase(node, table, rows, acknowledged, nextRow, "5 edit to zlib only");
        applyMs = edit(node, AgentConfig.allOff("zlib only").with(USE_ZLIB_COMPRESS, "1").with(USE_ZLIB_UNCOMPRESS, "1"),
                a -> ((Long) a.get("Generation")) == 3L);
        assertEquals("", agentAttribute(node, "LastReloadError"));
        event("edit to zlib applied after " + applyMs + " ms (generation 3)");
        p.resetCounters();
        nextRow = p.finish("zlib", "zlib");
        // Two reloads later the share follows the engine now serving, and "since start" kept
        // the replaced engines' CPU (it would restart from 0 with the counters otherwise).
        event("after phase 5: " + assertCodecCpu(node, "zlib"));

        // 6. detach
        p = new Phase(node, table, rows, acknowledged, nextRow, "6 detach");
        AgentCli.Result detached = AgentCli.run("detach", pid).ok();
        event("detach: " + firstLines(detached.output, 1));
        assertTrue(detached.output.contains("Cassandra's own bytecode again"), detached.output);
        assertFalse(node.engineStats().agentLoaded(), "engine MBeans must be gone after detach");
        assertEquals(null, agentAttribute(node, "Generation"), "the Agent MBean must be gone after detach");
        AgentCli.Result statusAfter = AgentCli.run("status", pid).ok();
        event("status without a JMX port: " + firstLines(statusAfter.output, 3));
        assertTrue(statusAfter.output.contains("not attached"), statusAfter.output);
        nextRow = p.finish(null, null);

        // 7. attach again (the file edited back to libdeflate while detached)
        writeConfig(conf, AgentConfig.libdeflate());
        p = new Phase(node, table, rows, acknowledged, nextRow, "7 attach again");
        attached = AgentCli.run("attach", pid, "config=" + conf).ok();
        event("attach again: " + firstLines(attached.output, 2));
        assertEquals(1L, agentAttribute(node, "Generation"));
        nextRow = p.finish("libdeflate", "libdeflate");

        logged = node.systemLog().linesSince(systemLogMark);
        for (String expected : List.of("deflate-accel: attached", "deflate-accel: reloaded", "deflate-accel: detached")) {
            assertTrue(logged.stream().anyMatch(l -> l.contains(expected)), "system.log lacks '" + expected + "'");
        }
        assertEquals(List.of(), node.systemLog().errorsSince(systemLogMark), "ERROR lines in system.log");

        // 8. restart without the agent
        node.stop();
        node.start(NodeSettings.stock());
        event("restarted without the agent");
        p = new Phase(node, table, rows, acknowledged, nextRow, "8 restarted without the agent");
        assertFalse(node.engineStats().agentLoaded());
        p.finish(null, null);

        System.out.println("==== LiveOpsIT timeline ====\n" + String.join("\n", timeline));
    }

    /** One phase: load runs from construction until finish(); finish compacts, checks and reads everything back. */
    private final class Phase {
        final CassandraNode node;
        final TestTable table;
        final SampleRows rows;
        final Set<Long> acknowledged;
        final String name;
        final ContinuousLoad load;
        final long started = System.nanoTime();
        EngineStats before;

        Phase(CassandraNode node, TestTable table, SampleRows rows, Set<Long> acknowledged, long nextRow, String name) {
            this.node = node;
            this.table = table;
            this.rows = rows;
            this.acknowledged = acknowledged;
            this.name = name;
            this.before = node.engineStats();
            this.load = new ContinuousLoad(node.session(), table, rows, acknowledged, nextRow, 4, nextRow);
            event("phase " + name + ": load started");
        }

        /** Counters from now: the agent's statistics restart with each generation. */
        void resetCounters() {
            before = node.engineStats();
        }

        long finish(String compressEngine, String decompressEngine) {
            Pause.millis(LOAD_PER_PHASE.toMillis());
            // The load stops before the compaction: a load that ran on through it grew the table by
            // however long stock's compaction of it took, and every later phase compacted and read
            // back all of that (in CI: 904,320 rows by phase 8, 9 minutes).
            long nextRow = load.stop();
            long compactStart = System.nanoTime();
            DeflateSSTables.flushAndCompact(node, table);
            long compactMs = (System.nanoTime() - compactStart) / 1_000_000;
            EngineStats delta = node.engineStats().since(before);
            assertEquals(0, load.failures.get(), name + ": failed requests: " + load.problems);
            assertEquals(0, load.wrongReads.get(), name + ": wrong reads: " + load.problems);
            acknowledged.addAll(load.written);
            if (compressEngine == null) {
                assertFalse(delta.agentLoaded(), name + ": no agent MBeans expected:\n" + delta);
            } else {
                EngineAssertions.servedBy(delta, EngineStats.COMPRESS, compressEngine);
                EngineAssertions.servedBy(delta, EngineStats.DECOMPRESS, decompressEngine);
            }
            node.nodetool().ok("verify", "--extended-verify", "--force", table.keyspace(), table.name());
            new DataVerifier(node.session(), table, rows).scan(ONE, RowSet.of(acknowledged)).assertComplete();
            event("phase " + name + ": " + load + "; flush+compact " + compactMs + " ms; verify -e OK; all "
                    + acknowledged.size() + " rows read back equal; compress by "
                    + (compressEngine == null ? "Cassandra (no agent)" : served(delta, EngineStats.COMPRESS))
                    + ", decompress by " + (decompressEngine == null ? "Cassandra (no agent)" : served(delta, EngineStats.DECOMPRESS)));
            return nextRow;
        }
    }

    private static String served(EngineStats delta, String direction) {
        StringBuilder s = new StringBuilder();
        for (String engine : EngineStats.ENGINES) {
            long ops = delta.get(engine, direction).operations;
            if (ops > 0) {
                s.append(s.length() == 0 ? "" : " + ").append(engine).append(" ").append(ops);
            }
        }
        return s.length() == 0 ? "nothing" : s.toString();
    }

    private void event(String text) {
        String line = String.format("%7.1f s  %s", (System.nanoTime() - t0) / 1e9, text);
        timeline.add(line);
        System.out.println("[LiveOpsIT] " + line);
    }

    private static String firstLines(String text, int n) {
        return text.lines().limit(n).collect(Collectors.joining(" / "));
    }

    /** Writes the file whole, as a fresh file of the JVM's user, mode 0600. */
    private static void writeConfig(Path conf, AgentConfig config) throws IOException {
        Files.writeString(conf, config.render(), StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(conf, PosixFilePermissions.fromString("rw-------"));
    }

    /** Rewrites the file in place (truncate, then write) and returns how long until {@code applied} holds. */
    private static long edit(CassandraNode node, AgentConfig config, Predicate<Map<String, Object>> applied)
            throws IOException {
        long ms = LiveConfigEdit.apply(node, config, applied, Duration.ofMillis(3 * APPLY_LIMIT_MS), "the edit");
        assertTrue(ms <= APPLY_LIMIT_MS, "the edit took " + ms + " ms to be noticed and applied (limit " + APPLY_LIMIT_MS + ")");
        return ms;
    }

    /**
     * The Agent MBean's codec CPU share over JMX: above 0 and below 100% over the last minute and
     * since start, and its line names {@code engine} (the one that served the last minute's calls).
     */
    private static String assertCodecCpu(CassandraNode node, String engine) {
        Map<String, Object> a = agentAttributes(node);
        double lastMinute = (Double) a.get("CodecCpuPercentLastMinute");
        double sinceStart = (Double) a.get("CodecCpuPercentSinceStart");
        String line = (String) a.get("CodecCpu");
        assertTrue(lastMinute > 0 && lastMinute < 100, "last minute: " + line);
        assertTrue(sinceStart > 0 && sinceStart < 100, "since start: " + line);
        assertTrue(line.contains(" " + engine + " "), "the line must name " + engine + ": " + line);
        return line;
    }

    /**
     * Issue 43 item 3: advise on the node's table with its live shares (Cassandra's own code served
     * the last minute): the node's share, and a prediction for at least one engine measured on the
     * node's own chunks; in the JSON report (which the lab's codec-share check reads) the shares
     * and every Deflate row's predicted share, libdeflate 6's below the node's.
     */
    private static String assertPrediction(CassandraNode node) {
        AgentCli.Result r = AgentCli.run("advise", "--json", "--seconds", "6", "--max-chunks", "16", "--node-cpu",
                Integer.toString(node.ports().jmx()), node.layout().tableDataParent("liveops").toString()).ok();
        String json = r.output.substring(r.output.indexOf("{\"tool\""));
        String lines = json.substring(json.indexOf("\"nodeCodecCpu\":["), json.indexOf("\"nodeCodecCpuShares\":"));
        assertTrue(lines.contains("compression is ") && lines.contains(" of this node's CPU (compaction "), lines);
        assertTrue(lines.contains("; with libdeflate ") || lines.contains("; with igzip "), lines);
        Matcher total = Pattern.compile("\"nodeCodecCpuShares\":\\{\"total\":([0-9.Ee-]+),").matcher(json);
        Matcher libdeflate6 = Pattern.compile("\\{\"row\":\"libdeflate 6\",\"median\":([0-9.Ee-]+),").matcher(json);
        assertTrue(total.find() && libdeflate6.find(), json);
        assertTrue(Double.parseDouble(libdeflate6.group(1)) < Double.parseDouble(total.group(1)), json);
        return lines;
    }

    private static Object agentAttribute(CassandraNode node, String name) {
        Map<String, Object> a = agentAttributes(node);
        return a == null ? null : a.get(name);
    }

    /** The Agent MBean's attributes over the node's JMX port, or null when it is not registered. */
    private static Map<String, Object> agentAttributes(CassandraNode node) {
        return AgentMBean.attributes(node.ports().jmx());
    }

}
