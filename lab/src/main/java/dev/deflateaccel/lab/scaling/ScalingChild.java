package dev.deflateaccel.lab.scaling;

import java.nio.ByteBuffer;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

import org.apache.cassandra.io.compress.BufferType;
import org.apache.cassandra.io.compress.ICompressor;

import dev.deflateaccel.lab.CassandraCodecs;
import dev.deflateaccel.lab.EngineCheck;
import dev.deflateaccel.lab.tools.ArgList;
import dev.deflateaccel.lab.tools.ChunkFile;
import dev.deflateaccel.lab.tools.ProtocolLine;

/**
 * The measuring half of the thread-scaling run, in a JVM with the agent routed to one engine at
 * one context bound (or stock). For every thread count and direction: a warm-up, then timed
 * rounds of {@link ThreadedLoad} through Cassandra's real DeflateCompressor (the one shared
 * instance, as in a node), each round reported with the agent's counter deltas.
 *
 * <pre>
 *   --data FILE --chunk-bytes N --engine E|none [--config AGENT_CONF] --threads 1,2,4
 *   --directions compress,decompress --rounds R --seconds S --warmup-seconds W
 * </pre>
 * Prints {@code @@ ready contexts=..}, then {@code @@ round threads=.. op=.. calls=.. seconds=..
 * engineOps=.. busy=.. stockOps=..} per round, then {@code @@ done errors=..} (the agent's Errors
 * over every engine and direction).
 */
public final class ScalingChild {
    private ScalingChild() {
    }

    public static void main(String[] args) throws Exception {
        String data = null;
        String config = null;
        String engine = EngineCheck.NONE;
        int chunkBytes = 0;
        List<Integer> threadCounts = null;
        List<String> directions = null;
        int rounds = 0;
        double seconds = 0;
        double warmupSeconds = 0;
        for (int i = 0; i < args.length; i += 2) {
            String v = ArgList.value(args, i);
            switch (args[i]) {
                case "--data": data = v; break;
                case "--config": config = v; break;
                case "--engine": engine = v; break;
                case "--chunk-bytes": chunkBytes = Integer.parseInt(v); break;
                case "--threads": threadCounts = ArgList.ints(v); break;
                case "--directions": directions = ArgList.words(v); break;
                case "--rounds": rounds = Integer.parseInt(v); break;
                case "--seconds": seconds = Double.parseDouble(v); break;
                case "--warmup-seconds": warmupSeconds = Double.parseDouble(v); break;
                default: throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        boolean agent = !EngineCheck.NONE.equals(engine);
        System.out.println(ProtocolLine.format("ready", "contexts",
                agent ? AgentCounters.contextBound(Paths.get(config)) : 0));
        ICompressor compressor = CassandraCodecs.create(CassandraCodecs.DEFLATE);
        Inputs inputs = new Inputs(compressor, ChunkFile.read(Paths.get(data), chunkBytes), chunkBytes);
        for (int threads : threadCounts) {
            for (String direction : directions) {
                ThreadedLoad.run(inputs.callers(compressor, threads, direction), warmupSeconds);
                for (int r = 0; r < rounds; r++) {
                    AgentCounters.Reading before = agent ? AgentCounters.read(engine, direction) : null;
                    ThreadedLoad.Outcome o = ThreadedLoad.run(inputs.callers(compressor, threads, direction), seconds);
                    AgentCounters.Reading after = agent ? AgentCounters.read(engine, direction) : null;
                    System.out.println(ProtocolLine.format("round", "threads", threads, "op", direction,
                            "calls", o.calls, "seconds", o.seconds,
                            "engineOps", agent ? after.engineOperations - before.engineOperations : -1,
                            "busy", agent ? after.contextsBusy - before.contextsBusy : -1,
                            "stockOps", agent ? after.stockOperations - before.stockOperations : -1));
                }
            }
        }
        System.out.println(ProtocolLine.format("done", "errors", agent ? AgentCounters.errors() : 0));
    }

    /** The chunks, plain and compressed once, shared read-only by every thread through its own views. */
    private static final class Inputs {
        private final ByteBuffer[] plain;
        private final ByteBuffer[] packed;
        private final int chunkBytes;
        private final BufferType type;

        Inputs(ICompressor compressor, List<byte[]> chunks, int chunkBytes) throws java.io.IOException {
            this.chunkBytes = chunkBytes;
            this.type = compressor.preferredBufferType();
            plain = new ByteBuffer[chunks.size()];
            packed = new ByteBuffer[chunks.size()];
            ByteBuffer target = type.allocate(compressor.initialCompressedBufferLength(chunkBytes));
            for (int i = 0; i < plain.length; i++) {
                plain[i] = type.allocate(chunkBytes).put(chunks.get(i));
                plain[i].flip();
                target.clear();
                compressor.compress(plain[i].duplicate(), target);
                target.flip();
                packed[i] = type.allocate(target.remaining()).put(target);
                packed[i].flip();
            }
        }

        /**
         * One caller per thread, each with its own buffer views (a ByteBuffer's position is not
         * thread-safe) and output buffer, starting at different chunks.
         */
        List<ThreadedLoad.Caller> callers(ICompressor compressor, int threads, String direction) {
            boolean compress = direction.equals("compress");
            List<ThreadedLoad.Caller> callers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                ByteBuffer[] source = compress ? plain : packed;
                ByteBuffer[] views = new ByteBuffer[source.length];
                for (int i = 0; i < views.length; i++) {
                    views[i] = source[i].duplicate();
                }
                ByteBuffer target = type.allocate(compress ? compressor.initialCompressedBufferLength(chunkBytes)
                        : chunkBytes);
                int[] cursor = {(t * 37) % views.length};
                callers.add(() -> {
                    ByteBuffer in = views[cursor[0]];
                    cursor[0] = cursor[0] + 1 == views.length ? 0 : cursor[0] + 1;
                    in.clear();
                    target.clear();
                    if (compress) {
                        compressor.compress(in, target);
                    } else {
                        compressor.uncompress(in, target);
                    }
                });
            }
            return callers;
        }
    }
}
