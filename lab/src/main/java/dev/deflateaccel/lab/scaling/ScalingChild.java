package dev.deflateaccel.lab.scaling;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

import org.apache.cassandra.io.compress.ICompressor;

import dev.deflateaccel.lab.CassandraCodecs;
import dev.deflateaccel.lab.EngineCheck;
import dev.deflateaccel.lab.experiment.ChildMain;
import dev.deflateaccel.lab.tools.ArgList;
import dev.deflateaccel.lab.tools.ChunkFile;
import dev.deflateaccel.lab.tools.CompressorPasses;
import dev.deflateaccel.lab.tools.ProtocolLine;

/**
 * The measuring half of the thread-scaling run, in a JVM with the agent routed to one engine at
 * one context bound (or stock). Per command (a thread count and direction): a warm-up, then
 * timed rounds of {@link ThreadedLoad} through Cassandra's real DeflateCompressor (the one shared
 * instance, as in a node), each round with the agent's counter deltas. Its ready line gives the
 * context bound the agent derived; its check, the agent's Errors over every engine and direction.
 */
public final class ScalingChild implements ChildMain.Measurement {
    private final ProtocolLine task;
    private final boolean agent;
    private final ICompressor compressor = CassandraCodecs.create(CassandraCodecs.DEFLATE);
    private final int chunkBytes;
    private final CompressorPasses chunks;

    private ScalingChild(ProtocolLine task) throws IOException {
        this.task = task;
        this.agent = !EngineCheck.NONE.equals(task.get("expectEngine"));
        this.chunkBytes = task.getInt("chunkBytes");
        this.chunks = new CompressorPasses(compressor, ChunkFile.read(Paths.get(task.get("data")), chunkBytes),
                chunkBytes);
    }

    public static void main(String[] args) throws Exception {
        ChildMain.serve(new ScalingChild(ChildMain.task(args)));
    }

    @Override
    public Object[] ready() {
        try {
            return new Object[] {"contexts", agent ? AgentCounters.contextBound(Paths.get(task.get("agentConfigFile"))) : 0};
        } catch (IOException e) {
            throw new IllegalStateException("agent config unreadable: " + e, e);
        }
    }

    @Override
    public Object[] measure(ProtocolLine command) throws IOException, InterruptedException {
        int threads = command.getInt("threads");
        String direction = command.get("op");
        int rounds = task.getInt("rounds");
        List<Long> calls = new ArrayList<>();
        List<String> seconds = new ArrayList<>();
        List<Long> engineOps = new ArrayList<>();
        List<Long> busy = new ArrayList<>();
        List<Long> stockOps = new ArrayList<>();
        ThreadedLoad.run(callers(threads, direction), task.getDouble("warmupSeconds"));
        for (int r = 0; r < rounds; r++) {
            AgentCounters.Reading before = agent ? AgentCounters.read(task.get("expectEngine"), direction) : null;
            ThreadedLoad.Outcome o = ThreadedLoad.run(callers(threads, direction), task.getDouble("seconds"));
            AgentCounters.Reading after = agent ? AgentCounters.read(task.get("expectEngine"), direction) : null;
            calls.add(o.calls);
            seconds.add(Double.toString(o.seconds));
            engineOps.add(agent ? after.engineOperations - before.engineOperations : -1);
            busy.add(agent ? after.contextsBusy - before.contextsBusy : -1);
            stockOps.add(agent ? after.stockOperations - before.stockOperations : -1);
        }
        return new Object[] {"threads", threads, "op", direction, "calls", ArgList.join(calls),
            "seconds", ArgList.join(seconds), "engineOps", ArgList.join(engineOps), "busy", ArgList.join(busy),
            "stockOps", ArgList.join(stockOps)};
    }

    @Override
    public String check() throws IOException {
        long errors = agent ? AgentCounters.errors() : 0;
        if (errors != 0) {
            throw new IllegalStateException("the agent counted " + errors + " engine errors under load");
        }
        return agent ? "0 engine errors" : "no agent";
    }

    /**
     * One caller per thread, each with its own buffer views (a ByteBuffer's position is not
     * thread-safe) and output buffer, starting at different chunks.
     */
    private List<ThreadedLoad.Caller> callers(int threads, String direction) {
        boolean compress = direction.equals("compress");
        List<ThreadedLoad.Caller> callers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            ByteBuffer[] source = chunks.inputs(compress);
            ByteBuffer[] views = new ByteBuffer[source.length];
            for (int i = 0; i < views.length; i++) {
                views[i] = source[i].duplicate();
            }
            ByteBuffer target = compressor.preferredBufferType().allocate(compress ? compressor.initialCompressedBufferLength(chunkBytes)
                    : chunkBytes);
            int[] cursor = {(t * 37) % views.length};
            callers.add(() -> {
                ByteBuffer in = views[cursor[0]];
                cursor[0] = cursor[0] + 1 == views.length ? 0 : cursor[0] + 1;
                CompressorPasses.call(compressor, compress, in, target);
            });
        }
        return callers;
    }
}
