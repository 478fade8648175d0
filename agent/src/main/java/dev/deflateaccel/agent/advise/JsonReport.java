package dev.deflateaccel.agent.advise;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/**
 * The same report for scripts ({@code --json}): one JSON object on stdout, with every row (the
 * text shows only the rows not dominated). Sizes in bytes, speeds in MB/s, CPU in CPU s/GB.
 */
final class JsonReport {
    private JsonReport() {
    }

    static void write(PrintStream out, AdviceRun run) {
        Json j = new Json().open();
        j.field("tool", "deflate-accel advise").field("version", run.version).field("host", AdviceRun.host());
        j.field("timeBase", run.cpuTime ? "thread CPU time" : "wall time").field("seconds", run.seconds)
                .field("warmUp", EngineMeasurement.WARM_UP);
        j.key("bounds").open().field("maxChunks", run.bounds.maxChunks).field("maxBytes", run.bounds.maxBytes)
                .field("seconds", run.bounds.seconds).field("allChunks", run.bounds.allChunks).close();
        j.key("tables").openArray();
        for (TableAdvice t : run.tables) {
            table(j, t, run.node);
        }
        j.closeArray();
        node(j, run.node);
        strings(j, "nodeCodecCpu", run.codecCpu);
        codecCpu(j, run);
        j.key("rules").open().field("sizeTolerance", GoalDecision.SIZE_TOLERANCE).field("tieBreak", GoalDecision.TIE_BREAK)
                .close();
        strings(j, "leftOut", run.leftOut);
        strings(j, "problems", run.problems.messages());
        j.field("checksumMismatches", run.problems.checksumMismatches());
        strings(j, "removedWhileRunning", run.problems.vanishedFiles());
        strings(j, "unknowns", AdviceRun.UNKNOWNS);
        j.field("sampled", run.anythingSampled());
        out.println(j.close());
    }

    /** The shares --node-cpu read, percent of the node's CPU, and every Deflate row's predicted share; null without it. */
    private static void codecCpu(Json j, AdviceRun run) {
        NodeCodecCpu s = run.codecCpuShares;
        if (s == null) {
            j.key("nodeCodecCpuShares").value((String) null);
            return;
        }
        j.key("nodeCodecCpuShares").open().field("total", s.total).field("compress", s.compress)
                .field("decompress", s.decompress).field("compaction", s.compaction).field("reads", s.reads);
        j.key("predicted").openArray();
        for (SavingPrediction.Predicted p : run.codecCpuPredictions) {
            j.open().field("row", p.label).field("median", p.median).field("low", p.low).field("high", p.high).close();
        }
        j.closeArray().close();
    }

    private static void strings(Json j, String key, List<String> values) {
        j.key(key).openArray();
        for (String v : values) {
            j.value(v);
        }
        j.closeArray();
    }

    private static void table(Json j, TableAdvice t, NodeAdvice node) {
        SSTableGroup g = t.group;
        // "folder" first, and the fields after it in this order: InstalledBaseIT's AdvisorCheck reads them so.
        j.open().field("folder", g.tableFolder.toString()).field("keyspace", g.keyspace()).field("table", g.table())
                .field("compressor", g.compressorName).field("compressorClass", g.qualifiedCompressorClass);
        j.key("chunkLengths").openArray();
        for (int l : g.chunkLengths()) {
            j.value(l);
        }
        j.closeArray();
        j.field("sstables", g.sstables.size()).field("dataBytes", g.dataBytes())
                .field("uncompressedBytes", g.uncompressedBytes()).field("chunks", g.chunkCount());
        j.field("sampled", t.sampled()).field("notSampled", t.notSampled);
        if (t.sampled()) {
            j.key("sample").open().field("chunks", t.sampledChunks).field("sstables", t.sampledSSTables)
                    .field("uncompressedBytes", t.sampledUncompressedBytes).field("storedBytes", t.current.sampleBytes)
                    .field("chunksRead", t.chunksRead).field("stoppedByTime", t.stoppedByTime)
                    .field("timeBoundReached", t.timeBoundReached()).field("readWith", t.codec)
                    .field("notAsTheNodeRunsIt", t.notAsTheNodeRunsIt).close();
            j.key("current");
            measurement(j, t, t.current);
            j.key("engines").openArray();
            for (Measurement m : t.engines) {
                measurement(j, t, m);
            }
            j.closeArray();
            j.field("name", g.name()).field("weightShare", node.share(t));
            decision(j, t.decision, t.answers);
        }
        j.key("folders").openArray();
        for (Path p : g.ref.folders()) {
            j.value(p.toString());
        }
        j.closeArray();
        j.close();
    }

    private static void measurement(Json j, TableAdvice t, Measurement m) {
        j.open().field("label", m.label);
        if (m.candidate != null) {
            j.field("engine", m.candidate.engine()).field("level", m.candidate.level);
        }
        j.field("measured", m.notMeasured == null).field("notMeasured", m.notMeasured)
                .field("roundTrip", m.notMeasured == null && m.roundTripFailure == null)
                .field("roundTripFailure", m.roundTripFailure);
        if (m.notMeasured == null) {
            j.field("sampleBytes", m.sampleBytes).field("predictedDataBytes", t.predictedBytes(m))
                    .field("sizeChange", m.candidate == null ? 0.0 : t.sizeChange(m));
            rates(j, "compressMBps", m.compress);
            rates(j, "decompressMBps", m.decompress);
            j.field("decompressCpuSecondsPerGB", m.decompress.secondsPerGB())
                    .field("compressCpuSecondsPerGB", m.compress.secondsPerGB())
                    .field("compactionCpuSecondsPerGB", m.compactionSecondsPerGB());
        }
        j.close();
    }

    /** The rows the goals weighed, which are not dominated, and each goal's answer. */
    private static void decision(Json j, GoalDecision d, java.util.Map<Goal, GoalAnswer> answers) {
        CostModel model = d.model();
        j.key("rows").openArray();
        for (Alternative a : d.rows()) {
            j.open().field("label", a.label).field("current", a.current).field("engine", a.engine)
                    .field("bytes", Math.round(a.bytes)).field("sizeMargin", a.sizeMargin)
                    .field("decompressCpuSecondsPerGB", a.decompressSecondsPerGB)
                    .field("decompressSpread", a.decompressSpread)
                    .field("compressCpuSecondsPerGB", a.compressSecondsPerGB).field("compressSpread", a.compressSpread)
                    .field("cpuSecondsPerGB", a.cost(model)).field("cpuSpread", a.costSpread(model))
                    .field("dominated", !a.current && d.dominated(a)).close();
        }
        j.closeArray();
        j.key("answers").open();
        for (Goal g : Goal.values()) {
            GoalAnswer a = answers.get(g);
            j.key(g.key).open().field("goal", g.description).field("pick", a.pick == null ? null : a.pick.label)
                    .field("keep", a.keep()).field("none", a.none);
            j.key("tiedWith").openArray();
            for (Alternative t : a.tied) {
                if (t != a.pick) {
                    j.value(t.label);
                }
            }
            j.closeArray();
            j.field("line", a.line(d.current(), model)).close();
        }
        j.close();
    }

    private static void node(Json j, NodeAdvice node) {
        j.key("node").open().field("goal", node.goal.key).field("readWrite", node.model.describe())
                .field("weighedBy", node.weighedBy).field("tables", node.tables.size());
        if (!node.tables.isEmpty()) {
            decision(j, node.decisions.get(node.goal), node.answers);
        }
        j.key("config").open().field("summary", node.configSummary);
        strings(j, "configLines", node.configLines);
        strings(j, "alterTables", node.alterTables);
        strings(j, "notes", node.notes);
        j.close();
        j.close();
    }

    private static void rates(Json j, String key, Rates r) {
        j.key(key).open().field("median", r.median).field("min", r.min).field("max", r.max).field("passes", r.passes)
                .close();
    }
}
