package dev.deflateaccel.agent.advise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.deflateaccel.agent.jmx.JmxLogin;

/**
 * The node's live share scaled per direction by the Deflate tables' measured CPU per GB, with its
 * range, and the cases where no prediction can be made.
 */
class SavingPredictionTest {
    /** A row of the Deflate tables: CPU s/GB per direction and half their spread. */
    private static Alternative row(String label, boolean current, double bytes, double compress, double decompress,
            double spread) {
        String engine = current ? "DeflateCompressor" : label.split(" ")[0];
        return new Alternative(label, current, engine, bytes, 0, decompress, decompress * spread, compress,
                compress * spread);
    }

    private static NodeCodecCpu node(double compress, double decompress, double compaction, double reads,
            String servedBy) {
        Map<String, Double> byEngine = new LinkedHashMap<>();
        byEngine.put(servedBy, compress + decompress);
        return new NodeCodecCpu("test", compress, decompress, compaction, reads, byEngine);
    }

    private static GoalDecision deflate(Alternative... rows) {
        Alternative zlib6 = null;
        for (Alternative a : rows) {
            zlib6 = a.label.equals("zlib 6") ? a : zlib6;
        }
        return new GoalDecision(Arrays.asList(rows), zlib6, CostModel.COMPACTION);
    }

    @Test
    void eachDirectionScalesByItsOwnCpuPerGigabyte() {
        NodeCodecCpu node = node(6.0, 4.0, 7.0, 3.0, "cassandra");
        Alternative stock = row("DeflateCompressor", true, 1000, 50, 5, 0);
        Alternative fast = row("libdeflate 6", false, 1000, 25, 2.5, 0); // half the CPU both ways
        Alternative faster = row("igzip 1", false, 1200, 5, 2.5, 0);     // compress 10x, decompress 2x
        List<SavingPrediction.Predicted> p = SavingPrediction.predict(node, stock, Arrays.asList(fast, faster));
        assertEquals(5.0, p.get(0).median, 1e-9);
        assertEquals(0.6 + 2.0, p.get(1).median, 1e-9);
        assertEquals(p.get(0).median, p.get(0).low, 1e-9);
        assertEquals(p.get(0).median, p.get(0).high, 1e-9);
        // Smallest first, as the tables' rows are.
        assertEquals(Collections.singletonList("compression is 10.0% of this node's CPU (compaction 7.0%, reads 3.0%);"
                + " with libdeflate 6 about 5.0% (5.0-5.0%), with igzip 1 about 2.6% (2.6-2.6%); each of today's CPU,"
                + " for the same work"),
                SavingPrediction.lines(node, deflate(stock, fast, faster)));
    }

    /** The JSON report's list: a row another beats is predicted too (the lab holds the row it runs to its run). */
    @Test
    void everyRowButTheCurrentOneIsPredictedForTheJsonReport() {
        NodeCodecCpu node = node(5, 5, 8, 2, "cassandra");
        Alternative stock = row("DeflateCompressor", true, 1000, 50, 5, 0);
        Alternative beaten = row("zlib 1", false, 1300, 60, 6, 0); // bigger and slower than libdeflate 6
        Alternative fast = row("libdeflate 6", false, 990, 25, 2.5, 0);
        List<SavingPrediction.Predicted> every = SavingPrediction.everyRow(node, deflate(stock, beaten, fast));
        assertEquals(Arrays.asList("zlib 1", "libdeflate 6"), Arrays.asList(every.get(0).label, every.get(1).label));
        assertEquals(6.0 + 6.0, every.get(0).median, 1e-9);
        assertEquals(2.5 + 2.5, every.get(1).median, 1e-9);
        assertTrue(SavingPrediction.lines(node, deflate(stock, beaten, fast)).get(0).indexOf("zlib 1") < 0);
        // No starting point (an engine whose level is not known), no prediction: the same rule as the text's.
        assertTrue(SavingPrediction.everyRow(node(5, 5, 8, 2, "igzip"), deflate(stock, beaten, fast)).isEmpty());
    }

    @Test
    void theRangeTakesBothRowsSpreadsTheWorstWayRound() {
        NodeCodecCpu node = node(0, 10.0, 0, 10.0, "cassandra");
        Alternative stock = row("DeflateCompressor", true, 1000, 50, 4, 0.1);
        Alternative fast = row("libdeflate 6", false, 1000, 25, 2, 0.1);
        SavingPrediction.Predicted p = SavingPrediction.predict(node, stock, Collections.singletonList(fast)).get(0);
        assertEquals(5.0, p.median, 1e-9);
        assertEquals(10.0 * 1.8 / 4.4, p.low, 1e-9);
        assertEquals(10.0 * 2.2 / 3.6, p.high, 1e-9);
    }

    @Test
    void onlyTheRowsNoOtherBeatsOnSizeAndCpuArePredicted() {
        NodeCodecCpu node = node(5, 5, 8, 2, "cassandra");
        Alternative stock = row("DeflateCompressor", true, 1000, 50, 5, 0);
        Alternative zlib6 = row("zlib 6", false, 1000, 50, 5, 0);
        Alternative slowBig = row("zlib 1", false, 1300, 60, 6, 0); // bigger and slower than libdeflate 6
        Alternative fast = row("libdeflate 6", false, 990, 25, 2.5, 0);
        String line = SavingPrediction.lines(node, deflate(stock, zlib6, slowBig, fast)).get(0);
        assertTrue(line.contains("with libdeflate 6 about 5.0%"), line);
        assertTrue(!line.contains("zlib 1") && !line.contains("zlib 6"), line);
    }

    @Test
    void aSavingUnderOnePointOfTheNodesCpuIsSaidToBeTooSmall() {
        NodeCodecCpu node = node(0.5, 0.9, 0.2, 1.2, "cassandra");
        List<String> lines = SavingPrediction.lines(node, deflate(row("DeflateCompressor", true, 1000, 50, 5, 0),
                row("libdeflate 6", false, 1000, 25, 2.5, 0)));
        assertEquals(2, lines.size(), lines.toString());
        assertEquals("At most about 0.7% of this node's CPU to save: too small to matter on this workload.", lines.get(1));
    }

    @Test
    void theAgentsZlibEngineStartsFromTheZlib6Row() {
        NodeCodecCpu node = node(2, 2, 3, 1, "zlib");
        Alternative stock = row("DeflateCompressor", true, 1000, 50, 5, 0);
        Alternative zlib6 = row("zlib 6", false, 1000, 100, 10, 0); // the agent's zlib, timed slower here
        Alternative fast = row("libdeflate 6", false, 990, 25, 2.5, 0);
        String line = SavingPrediction.lines(node, deflate(stock, zlib6, fast)).get(0);
        assertTrue(line.endsWith("with libdeflate 6 about 1.0% (1.0-1.0%), with Cassandra's own code about 2.0% (2.0-2.0%);"
                + " each of today's CPU, for the same work"), line);
    }

    /**
     * A node already on libdeflate 6 asks what igzip 1 or Cassandra's own code would do: the same
     * per-direction arithmetic, from the row of the engine and level that serve.
     */
    @Test
    void anEngineServingIsTheStartingPointAtItsLevel() {
        Map<String, Double> byEngine = new LinkedHashMap<>();
        byEngine.put("libdeflate", 4.0);
        Map<String, Integer> levels = NodeCodecCpu.parseLevels("qat=1,igzip=1,libdeflate=6");
        NodeCodecCpu node = new NodeCodecCpu("test", 3, 1, 3, 1, byEngine, levels, null);
        assertEquals("libdeflate 6", node.servedRow());
        Alternative stock = row("DeflateCompressor", true, 1000, 50, 5, 0);
        Alternative lib1 = row("libdeflate 1", false, 1100, 10, 2, 0);
        Alternative lib6 = row("libdeflate 6", false, 990, 25, 2.5, 0);
        Alternative igzip = row("igzip 1", false, 1050, 5, 2, 0);
        GoalDecision d = deflate(stock, lib1, lib6, igzip);
        List<SavingPrediction.Predicted> every = SavingPrediction.everyRow(node, d);
        assertEquals(Arrays.asList("DeflateCompressor", "libdeflate 1", "igzip 1"),
                Arrays.asList(every.get(0).label, every.get(1).label, every.get(2).label));
        assertEquals(3 * 50 / 25.0 + 1 * 5 / 2.5, every.get(0).median, 1e-9);
        assertEquals(3 * 5 / 25.0 + 1 * 2 / 2.5, every.get(2).median, 1e-9);
        String line = SavingPrediction.lines(node, d).get(0);
        assertTrue(line.startsWith("compression is 4.0% of this node's CPU (compaction 3.0%, reads 1.0%, with libdeflate 6"
                + " serving); "), line);
        assertTrue(line.contains("with Cassandra's own code about 8.0% (8.0-8.0%)"), line);
        assertTrue(line.contains("with igzip 1 about 1.4% (1.4-1.4%)"), line);
        // At another level the row is another: libdeflate 1 serving starts from libdeflate 1's row.
        NodeCodecCpu atOne = new NodeCodecCpu("test", 3, 1, 3, 1, byEngine,
                NodeCodecCpu.parseLevels("libdeflate=1"), null);
        assertEquals(3 * 25 / 10.0 + 1 * 2.5 / 2, SavingPrediction.everyRow(atOne, d).get(1).median, 1e-9);
    }

    @Test
    void anUnknownLevelAMixOrARowNotMeasuredHereGiveNoPrediction() {
        GoalDecision d = deflate(row("DeflateCompressor", true, 1000, 50, 5, 0), row("libdeflate 6", false, 990, 25, 2.5, 0));
        String line = SavingPrediction.lines(node(2, 2, 3, 1, "libdeflate"), d).get(0);
        assertTrue(line.endsWith("measured with libdeflate serving, but no levels read: no prediction."), line);
        Map<String, Double> qat = new LinkedHashMap<>();
        qat.put("qat", 4.0);
        NodeCodecCpu onQat = new NodeCodecCpu("test", 2, 2, 3, 1, qat, NodeCodecCpu.parseLevels("qat=1"), null);
        assertTrue(SavingPrediction.lines(onQat, d).get(0).endsWith("measured with qat 1 serving, a row not measured on"
                + " this host: no prediction."));
        assertTrue(SavingPrediction.everyRow(onQat, d).isEmpty());
        Map<String, Double> mixed = new LinkedHashMap<>();
        mixed.put("cassandra", 2.0);
        mixed.put("igzip", 2.0);
        NodeCodecCpu reloaded = new NodeCodecCpu("test", 2, 2, 3, 1, mixed);
        assertNull(reloaded.servedBy());
        assertTrue(SavingPrediction.lines(reloaded, d).get(0).contains("several engines"));
        assertTrue(SavingPrediction.lines(node(2, 2, 3, 1, "cassandra"), null).get(0).contains("no Deflate table"));
        assertTrue(SavingPrediction.lines(node(0, 0, 0, 0, "cassandra"), d).get(0).contains("nothing to save"));
        assertTrue(NodeCodecCpu.reloadedWithinAMinute(java.time.Instant.now().minusSeconds(5).toString()));
        assertTrue(!NodeCodecCpu.reloadedWithinAMinute(java.time.Instant.now().minusSeconds(90).toString()));
        assertTrue(NodeCodecCpu.reloadedWithinAMinute("not a time"));
    }

    @Test
    void theMBeansByEngineFormIsParsedAndABadAddressNamed() throws Exception {
        Map<String, Double> m = NodeCodecCpu.parseByEngine("cassandra=4.512,zlib=0.031");
        assertEquals(4.512, m.get("cassandra"), 1e-12);
        assertEquals(0.031, m.get("zlib"), 1e-12);
        assertTrue(NodeCodecCpu.parseByEngine("").isEmpty());
        AdviseException e = assertThrows(AdviseException.class, () -> NodeCodecCpu.read("localhost:jmx", new JmxLogin()));
        assertTrue(e.getMessage().contains("'localhost:jmx'"), e.getMessage());
        // Nothing listens on port 1: named, with the way to give a user.
        e = assertThrows(AdviseException.class, () -> NodeCodecCpu.read("127.0.0.1:1", new JmxLogin()));
        assertTrue(e.getMessage().startsWith("JMX at 127.0.0.1:1: cannot read"), e.getMessage());
        // A password file that cannot be read is named, before any connection is tried.
        Path missing = Paths.get("/nonexistent-deflate-accel/jmxremote.password");
        JmxLogin login = new JmxLogin();
        login.accept("-u", "monitorRole");
        login.accept("-pwf", missing.toString());
        e = assertThrows(AdviseException.class, () -> NodeCodecCpu.read("127.0.0.1:1", login));
        assertTrue(e.getMessage().contains("cannot read password file " + missing)
                && e.getMessage().endsWith("(-pwf)"), e.getMessage());
    }
}
