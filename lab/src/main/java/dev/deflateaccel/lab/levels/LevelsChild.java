package dev.deflateaccel.lab.levels;

import java.io.IOException;
import java.nio.file.Paths;
import java.util.List;

import org.apache.cassandra.io.compress.ICompressor;

import dev.deflateaccel.lab.CassandraCodecs;
import dev.deflateaccel.lab.EngineCheck;
import dev.deflateaccel.lab.tools.ArgList;
import dev.deflateaccel.lab.tools.CompressorPasses;
import dev.deflateaccel.lab.tools.PassTimer;
import dev.deflateaccel.lab.tools.ProtocolLine;

/**
 * The measuring half of the level table, in a child JVM that has the agent (routed to one engine
 * at one level) or not (stock). Per chunk size, through Cassandra's real DeflateCompressor:
 * every chunk compressed once for the total size and a round-trip check, then timed rounds of
 * compression and of decompression ({@link CompressorPasses}, {@link PassTimer}). Ends with the
 * engine check: the expected engine served every call, with no fallback.
 *
 * Prints one {@code @@ result} line per chunk size and one {@code @@ check} line.
 */
public final class LevelsChild {
    private LevelsChild() {
    }

    public static void main(String[] args) throws Exception {
        String source = null;
        String corpus = null;
        long maxBytes = 0;
        List<Integer> chunkKiBs = null;
        int warmup = 0;
        int rounds = 0;
        double seconds = 0;
        String expectEngine = EngineCheck.NONE;
        for (int i = 0; i < args.length; i += 2) {
            String v = ArgList.value(args, i);
            switch (args[i]) {
                case "--source": source = v; break;
                case "--corpus": corpus = v; break;
                case "--max-bytes": maxBytes = Long.parseLong(v); break;
                case "--chunks": chunkKiBs = ArgList.ints(v); break;
                case "--warmup": warmup = Integer.parseInt(v); break;
                case "--rounds": rounds = Integer.parseInt(v); break;
                case "--seconds": seconds = Double.parseDouble(v); break;
                case "--expect-engine": expectEngine = v; break;
                default: throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        ChunkSource chunkSource = ChunkSource.load(source, Paths.get(corpus), maxBytes);
        ICompressor compressor = CassandraCodecs.create(CassandraCodecs.DEFLATE);
        Counts counts = new Counts();
        for (int chunkKiB : chunkKiBs) {
            measure(compressor, chunkSource.chunks(chunkKiB * 1024), chunkKiB, warmup, rounds, seconds, counts);
        }
        try {
            String summary = EngineCheck.verify(expectEngine, counts.compress, counts.decompress);
            System.out.println(ProtocolLine.format("check", "ok", true, "summary", summary));
        } catch (RuntimeException e) {
            System.out.println(ProtocolLine.format("check", "ok", false, "summary", e.getMessage()));
            System.exit(1);
        }
    }

    private static void measure(ICompressor compressor, List<byte[]> chunks, int chunkKiB, int warmup, int rounds,
                                double seconds, Counts counts) throws IOException {
        CompressorPasses passes = new CompressorPasses(compressor, chunks, chunkKiB * 1024);
        double[] compressMbps = PassTimer.rounds(passes.compressPass(), passes.rawBytes, warmup, rounds, seconds);
        double[] decompressMbps = PassTimer.rounds(passes.decompressPass(), passes.rawBytes, warmup, rounds, seconds);
        counts.compress += passes.compressCalls;
        counts.decompress += passes.decompressCalls;
        System.out.println(ProtocolLine.format("result", "chunkKiB", chunkKiB, "chunks", passes.chunks(),
                "rawBytes", passes.rawBytes, "compressedBytes", passes.compressedBytes,
                "compress", ProtocolLine.joinDoubles(compressMbps),
                "decompress", ProtocolLine.joinDoubles(decompressMbps)));
    }

    /** Calls made over every chunk size, for the engine check (the agent must have served every one). */
    private static final class Counts {
        long compress;
        long decompress;
    }
}
