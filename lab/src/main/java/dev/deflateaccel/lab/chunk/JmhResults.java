package dev.deflateaccel.lab.chunk;

import java.io.IOException;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.deflateaccel.lab.EngineCheck;

/**
 * Reads one configuration's JMH JSON result file ({@code -rf json}) into its outcome: the primary
 * score of each benchmark and scenario as MB/s, and from the {@link ChunkCompressionBenchmark.ForkFacts}
 * secondary results the compression ratio and each fork's engine check. A fork without a passed
 * engine check fails the configuration: its numbers may come from the wrong code.
 */
public final class JmhResults {
    private JmhResults() {
    }

    public static void read(String json, ConfigurationOutcome into) throws IOException {
        for (JsonNode run : new ObjectMapper().readTree(json)) {
            String method = run.path("benchmark").asText().replaceFirst(".*\\.", "");
            JsonNode params = run.path("params");
            int chunkKiB = params.path("chunkKiB").asInt();
            String scenario = ScenarioResult.scenario(params.path("dataset").asText(), chunkKiB);
            ScenarioResult result = into.result(scenario);
            Throughput throughput = throughput(run.path("primaryMetric"), chunkKiB * 1024 / 1e6);
            if (method.equals("compress")) {
                result.compress = throughput;
            } else {
                result.decompress = throughput;
            }
            JsonNode facts = run.path("secondaryMetrics");
            result.ratio = sum(facts, "compressedBytes", -1) / sum(facts, "uncompressedBytes", -1);
            int forks = facts.path("engineChecks").path("rawData").size();
            for (int fork = 0; fork < Math.max(forks, 1); fork++) {
                String where = scenario + ", " + method + ", fork " + (fork + 1);
                if (sum(facts, "engineChecks", fork) != 1) {
                    into.failure = into.failure != null ? into.failure : "no engine check from " + where;
                    continue;
                }
                String engine = params.path("engine").asText(EngineCheck.NONE);
                into.engineChecks.add(where + ": OK " + (EngineCheck.NONE.equals(engine) ? "no agent, stock code" : engine)
                        + " served all " + (long) sum(facts, "compressCallsChecked", fork) + " compress and "
                        + (long) sum(facts, "decompressCallsChecked", fork) + " decompress calls");
            }
        }
    }

    /** JMH's ops/s as MB/s of uncompressed data: one op is one chunk. */
    private static Throughput throughput(JsonNode metric, double mbPerOp) {
        JsonNode percentiles = metric.path("scorePercentiles");
        return new Throughput(metric.path("score").asDouble() * mbPerOp, metric.path("scoreError").asDouble() * mbPerOp,
                percentiles.path("50.0").asDouble() * mbPerOp, percentiles.path("0.0").asDouble() * mbPerOp,
                percentiles.path("100.0").asDouble() * mbPerOp);
    }

    /** A secondary result's sum over every iteration of one fork, or of all forks (-1); NaN when absent. */
    private static double sum(JsonNode secondaryMetrics, String name, int fork) {
        JsonNode forks = secondaryMetrics.path(name).path("rawData");
        if (forks.size() == 0) {
            return Double.NaN;
        }
        double sum = 0;
        for (int f = fork < 0 ? 0 : fork; f < (fork < 0 ? forks.size() : fork + 1); f++) {
            for (JsonNode iteration : forks.path(f)) {
                sum += iteration.asDouble();
            }
        }
        return sum;
    }
}
