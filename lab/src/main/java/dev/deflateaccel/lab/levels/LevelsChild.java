package dev.deflateaccel.lab.levels;

import java.io.IOException;
import java.nio.file.Paths;

import org.apache.cassandra.io.compress.ICompressor;

import dev.deflateaccel.lab.CassandraCodecs;
import dev.deflateaccel.lab.EngineCheck;
import dev.deflateaccel.lab.experiment.ChildMain;
import dev.deflateaccel.lab.tools.CompressorPasses;
import dev.deflateaccel.lab.tools.PassTimer;
import dev.deflateaccel.lab.tools.ProtocolLine;

/**
 * The measuring half of the level table, in a child JVM that has the agent (routed to one engine
 * at one level) or not (stock). Per chunk size asked for, through Cassandra's real
 * DeflateCompressor: every chunk compressed once for the total size and a round-trip check, then
 * timed rounds of compression and of decompression ({@link CompressorPasses}, {@link PassTimer}).
 * Ends with the engine check: the expected engine served every call, with no fallback.
 */
public final class LevelsChild implements ChildMain.Measurement {
    private final ProtocolLine task;
    private final ChunkSource source;
    private final ICompressor compressor = CassandraCodecs.create(CassandraCodecs.DEFLATE);
    // Calls made over every chunk size, for the engine check (the agent must have served every one).
    private long compressCalls;
    private long decompressCalls;

    private LevelsChild(ProtocolLine task) {
        this.task = task;
        this.source = ChunkSource.load(task.get("source"), Paths.get(task.get("corpus")), task.getLong("maxBytes"));
    }

    public static void main(String[] args) throws Exception {
        ChildMain.serve(new LevelsChild(ChildMain.task(args)));
    }

    @Override
    public Object[] ready() {
        return new Object[] {"bytes", source.totalBytes()};
    }

    @Override
    public Object[] measure(ProtocolLine command) throws IOException {
        int chunkKiB = command.getInt("chunkKiB");
        int warmup = task.getInt("warmup");
        int rounds = task.getInt("rounds");
        double seconds = task.getDouble("seconds");
        CompressorPasses passes = new CompressorPasses(compressor, source.chunks(chunkKiB * 1024), chunkKiB * 1024);
        double[] compressMbps = PassTimer.rounds(passes.pass("compress"), passes.rawBytes, warmup, rounds, seconds);
        double[] decompressMbps = PassTimer.rounds(passes.pass("decompress"), passes.rawBytes, warmup, rounds, seconds);
        compressCalls += passes.compressCalls;
        decompressCalls += passes.decompressCalls;
        return new Object[] {"chunkKiB", chunkKiB, "chunks", passes.chunks(), "rawBytes", passes.rawBytes,
            "compressedBytes", passes.compressedBytes, "compress", ProtocolLine.joinDoubles(compressMbps),
            "decompress", ProtocolLine.joinDoubles(decompressMbps)};
    }

    @Override
    public String check() {
        return EngineCheck.verify(task.get("expectEngine"), compressCalls, decompressCalls);
    }
}
