package dev.deflateaccel.lab.node;

import java.nio.file.Path;
import java.util.List;

import dev.deflateaccel.harness.AgentJar;
import dev.deflateaccel.harness.CassandraDistribution;

/**
 * The project's main command (lab/run-side-by-side.sh): what the agent changes on one node,
 * measured by the agent's own codec clock on both sides. One node with the agent runs phases of
 * stock (every engine off: Cassandra's own code, timed), libdeflate and igzip, switched live
 * (SideBySideNode), R rounds in rotated order (RotatedRuns); each phase a major compaction of the
 * whole table and a mixed load. The report (RunReport: markdown, data and chart in the results
 * folder, printed too) ends with a verdict per engine against stock (SideBySideReport).
 */
public final class SideBySide {

    private SideBySide() {
    }

    public static void main(String[] args) {
        NodeProgram.main(args, "side-by-side", SideBySideOptions::parse, SideBySideOptions.USAGE, o -> o.keep,
                SideBySide::run);
    }

    private static boolean run(SideBySideOptions options, Path nodesDir) {
        CassandraDistribution distribution = CassandraDistribution.locate(options.cassandra);
        List<SteadyConfig> configs = SteadyConfig.parse("cassandra,libdeflate,igzip");
        SteadyConfig stock = configs.get(0);
        RotatedRuns rotation = new RotatedRuns(configs, options.rounds, options.resultsDir, "side-by-side");
        List<String> header = rotation.header(options.commandLine,
                "Cassandra: " + distribution.describe() + "; agent: " + AgentJar.locate(),
                String.format("one node; DeflateCompressor table, %d KiB chunks, %,d rows loaded; %d rounds of: stock"
                        + " (named cassandra: the agent with every engine off, Cassandra's own code timed), libdeflate 6,"
                        + " igzip 1, the order rotated each round", options.chunkKb,
                        options.rows, options.rounds));
        try (SideBySideNode node = new SideBySideNode(options, nodesDir, configs)) {
            return rotation.run(header, SideBySideReport.definition(options,
                    (engine, round) -> rotation.order(round).indexOf(engine) < rotation.order(round).indexOf(stock)),
                    node::phase);
        }
    }
}
