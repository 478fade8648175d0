package dev.deflateaccel.lab.chunk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;

import org.junit.jupiter.api.Test;

/** JMH's own JSON result format (as 1.37 writes it with -rf json), trimmed to what the reader uses. */
class JmhResultsTest {
    private static final String BENCHMARK = "dev.deflateaccel.lab.chunk.ChunkCompressionBenchmark.";

    /** One benchmark entry: 16 KiB chunks of calgary, two forks of three measured iterations. */
    private static String entry(String method, String engineChecksFork2) {
        return "{\"jmhVersion\":\"1.37\",\"benchmark\":\"" + BENCHMARK + method + "\",\"mode\":\"thrpt\",\"forks\":2,"
                + "\"params\":{\"chunkKiB\":\"16\",\"codec\":\"deflate\",\"dataset\":\"calgary\",\"engine\":\"libdeflate\"},"
                + "\"primaryMetric\":{\"score\":3000.0,\"scoreError\":150.0,\"scoreConfidence\":[2850.0,3150.0],"
                + "\"scorePercentiles\":{\"0.0\":2500.0,\"50.0\":3100.0,\"90.0\":3200.0,\"100.0\":3250.0},"
                + "\"scoreUnit\":\"ops/s\",\"rawData\":[[2500.0,3100.0,3250.0],[3000.0,3100.0,3050.0]]},"
                + "\"secondaryMetrics\":{"
                + metric("uncompressedBytes", "[[0,0,3244032],[0,0,3244032]]") + ","
                + metric("compressedBytes", "[[0,0,1200000],[0,0,1200000]]") + ","
                + metric("engineChecks", "[[0,0,1],[0,0," + engineChecksFork2 + "]]") + ","
                + metric("compressCallsChecked", "[[0,0,27330],[0,0,27000]]") + ","
                + metric("decompressCallsChecked", "[[0,0,198],[0,0,198]]") + "}}";
    }

    private static String metric(String name, String rawData) {
        return "\"" + name + "\":{\"score\":1.0,\"scoreError\":\"NaN\",\"scoreConfidence\":[\"NaN\",\"NaN\"],"
                + "\"scorePercentiles\":{\"0.0\":0.0,\"100.0\":1.0},\"scoreUnit\":\"#\",\"rawData\":" + rawData + "}";
    }

    @Test
    void scoresBecomeMegabytesPerSecondOfUncompressedData() throws IOException {
        ConfigurationOutcome outcome = new ConfigurationOutcome(BenchConfiguration.LIBDEFLATE);
        JmhResults.read("[" + entry("compress", "1") + "," + entry("decompress", "1") + "]", outcome);

        ScenarioResult r = outcome.results.get("calgary, 16 KiB chunks");
        double mbPerOp = 16 * 1024 / 1e6;
        assertEquals(3000 * mbPerOp, r.compress.mean, 1e-9);
        assertEquals(150 * mbPerOp, r.compress.error, 1e-9);
        assertEquals(3100 * mbPerOp, r.compress.median, 1e-9);
        assertEquals(2500 * mbPerOp, r.compress.min, 1e-9);
        assertEquals(3250 * mbPerOp, r.compress.max, 1e-9);
        assertEquals(3000 * mbPerOp, r.decompress.mean, 1e-9);
        assertEquals(1200000.0 / 3244032, r.ratio, 1e-12);
        assertNull(outcome.failure);
    }

    @Test
    void everyForkThatPassedItsEngineCheckIsListed() throws IOException {
        ConfigurationOutcome outcome = new ConfigurationOutcome(BenchConfiguration.LIBDEFLATE);
        JmhResults.read("[" + entry("compress", "1") + "]", outcome);

        assertEquals(List.of(
                "calgary, 16 KiB chunks, compress, fork 1: OK libdeflate served all 27330 compress and 198 decompress calls",
                "calgary, 16 KiB chunks, compress, fork 2: OK libdeflate served all 27000 compress and 198 decompress calls"),
                outcome.engineChecks);
    }

    @Test
    void aForkWithoutAnEngineCheckFailsTheConfiguration() throws IOException {
        ConfigurationOutcome outcome = new ConfigurationOutcome(BenchConfiguration.LIBDEFLATE);
        JmhResults.read("[" + entry("decompress", "0") + "]", outcome);

        assertEquals("no engine check from calgary, 16 KiB chunks, decompress, fork 2", outcome.failure);
        assertEquals(1, outcome.engineChecks.size());
    }

    @Test
    void aResultWithoutSecondaryResultsHasNoRatioAndFails() throws IOException {
        ConfigurationOutcome outcome = new ConfigurationOutcome(BenchConfiguration.STOCK);
        String bare = entry("compress", "1").replaceFirst(",\"secondaryMetrics\":\\{.*}}$", "}");
        JmhResults.read("[" + bare + "]", outcome);

        assertTrue(Double.isNaN(outcome.results.get("calgary, 16 KiB chunks").ratio));
        assertEquals("no engine check from calgary, 16 KiB chunks, compress, fork 1", outcome.failure);
    }

    @Test
    void reasonsReachTheForksOwnException() {
        Exception fork = new IllegalStateException("AGENT ROUTING CHECK FAILED, expected engine igzip");
        Exception benchmark = new RuntimeException("Benchmark error");
        benchmark.addSuppressed(fork);
        String reasons = ConfigurationRun.reasons(new Exception("Benchmark caught the exception", benchmark));
        assertTrue(reasons.contains("AGENT ROUTING CHECK FAILED, expected engine igzip"), reasons);
    }
}
