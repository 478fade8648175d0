package dev.deflateaccel.lab.efficiency;

import java.io.IOException;
import java.nio.file.Paths;
import java.util.Locale;

import dev.deflateaccel.lab.CassandraCodecs;
import dev.deflateaccel.lab.EngineCheck;
import dev.deflateaccel.lab.experiment.ChildMain;
import dev.deflateaccel.lab.tools.ChunkFile;
import dev.deflateaccel.lab.tools.CompressorPasses;
import dev.deflateaccel.lab.tools.PassTimer;
import dev.deflateaccel.lab.tools.ProtocolLine;

/**
 * The agent side of the efficiency benchmark: a JVM with the agent routed to one engine, kept
 * alive for the whole run so it stays warm, measuring only when told (so it never runs while
 * the C side measures). Reads the same data file as native_ref --serve and cuts it the same way,
 * and answers the same measure commands.
 */
public final class EfficiencyChild implements ChildMain.Measurement {
    private final ProtocolLine task;
    private final CompressorPasses passes;

    private EfficiencyChild(ProtocolLine task) throws IOException {
        this.task = task;
        int chunkBytes = task.getInt("chunkBytes");
        this.passes = new CompressorPasses(CassandraCodecs.create(CassandraCodecs.DEFLATE),
                ChunkFile.read(Paths.get(task.get("data")), chunkBytes), chunkBytes);
    }

    public static void main(String[] args) throws Exception {
        ChildMain.serve(new EfficiencyChild(ChildMain.task(args)));
    }

    @Override
    public Object[] ready() {
        return new Object[] {"chunks", passes.chunks(), "capacity", passes.compressCapacity(),
            "ratio", String.format(Locale.ROOT, "%.4f", passes.ratio())};
    }

    @Override
    public Object[] measure(ProtocolLine command) throws IOException {
        double[] mbps = PassTimer.rounds(passes.pass(command.get("op")), passes.rawBytes, 0, command.getInt("rounds"),
                command.getDouble("seconds"));
        return new Object[] {"op", command.get("op"), "mbps", ProtocolLine.joinDoubles(mbps)};
    }

    @Override
    public String check() {
        return EngineCheck.verify(task.get("expectEngine"), passes.compressCalls, passes.decompressCalls);
    }
}
