package dev.deflateaccel.agent.advise;

import java.io.PrintStream;

/** The same report for scripts ({@code --json}): one JSON object on stdout. Sizes in bytes, speeds in MB/s. */
final class JsonReport {
    private JsonReport() {
    }

    static void write(PrintStream out, AdviceRun run) {
        Json j = new Json().open();
        j.field("tool", "deflate-accel advise").field("version", run.version).field("host", AdviceRun.host());
        j.field("timeBase", run.cpuTime ? "thread CPU time" : "wall time").field("seconds", run.seconds);
        j.key("bounds").open().field("maxChunks", run.bounds.maxChunks).field("maxBytes", run.bounds.maxBytes)
                .field("seconds", run.bounds.seconds).field("allChunks", run.bounds.allChunks).close();
        j.key("tables").openArray();
        for (TableAdvice t : run.tables) {
            table(j, t);
        }
        j.closeArray();
        j.key("problems").openArray();
        for (String m : run.problems.messages()) {
            j.value(m);
        }
        j.closeArray();
        j.field("checksumMismatches", run.problems.checksumMismatches());
        j.key("removedWhileRunning").openArray();
        for (String v : run.problems.vanishedFiles()) {
            j.value(v);
        }
        j.closeArray();
        j.key("unknowns").openArray();
        for (String u : AdviceRun.UNKNOWNS) {
            j.value(u);
        }
        j.closeArray();
        j.field("sampled", run.anythingSampled());
        out.println(j.close());
    }

    private static void table(Json j, TableAdvice t) {
        SSTableGroup g = t.group;
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
                    .field("stoppedByTime", t.stoppedByTime).field("readWith", t.codec).close();
            j.key("current");
            measurement(j, t, t.current);
            j.key("engines").openArray();
            for (Measurement m : t.engines) {
                measurement(j, t, m);
            }
            j.closeArray();
            Recommendation r = t.recommendation;
            j.key("recommendation").open().field("summary", r.summary)
                    .field("engine", r.pick == null ? null : r.pick.candidate.engine())
                    .field("level", r.pick == null || r.pick.candidate.level < 0 ? -1 : r.pick.candidate.level);
            j.key("configLines").openArray();
            for (String l : r.configLines) {
                j.value(l);
            }
            j.closeArray();
            j.field("cql", r.cql).field("leastCpu", r.fastest == null ? null : r.fastest.label).close();
        }
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
            j.field("compactionCpuSecondsPerGB", m.compactionSecondsPerGB())
                    .field("tableCompactionCpuSeconds", t.tableCompactionSeconds(m))
                    .field("vsCurrentCpuSecondsPerGB", m.compactionSecondsPerGB() - t.current.compactionSecondsPerGB());
        }
        j.close();
    }

    private static void rates(Json j, String key, Rates r) {
        j.key(key).open().field("median", r.median).field("min", r.min).field("max", r.max).field("passes", r.passes)
                .close();
    }
}
