package dev.deflateaccel.lab.scaling;

import java.util.ArrayList;
import java.util.List;

import dev.deflateaccel.lab.tools.ProtocolLine;
import dev.deflateaccel.lab.tools.Spread;

/** One configuration, direction and thread count: its timed rounds and the agent's counter deltas. */
public final class ScalingPoint {
    public final int threads;
    public final String direction;
    private final int chunkBytes;
    private final List<Double> mbps = new ArrayList<>();
    private long calls;
    private long busy;
    private long engineOps;
    private long stockOps;
    private boolean counted = true;

    public ScalingPoint(int threads, String direction, int chunkBytes) {
        this.threads = threads;
        this.direction = direction;
        this.chunkBytes = chunkBytes;
    }

    /** Adds one round: calls in seconds, and the counter deltas (-1 when the JVM had no agent). */
    public void addRound(long roundCalls, double seconds, long roundEngineOps, long roundBusy, long roundStockOps) {
        mbps.add(roundCalls * (double) chunkBytes / seconds / 1e6);
        calls += roundCalls;
        if (roundBusy < 0) {
            counted = false;
            return;
        }
        busy += roundBusy;
        engineOps += roundEngineOps;
        stockOps += roundStockOps;
    }

    /** The point a child's {@code @@ result} line reports: its rounds, in order. */
    static ScalingPoint of(ProtocolLine result, int chunkBytes) {
        ScalingPoint point = new ScalingPoint(result.getInt("threads"), result.get("op"), chunkBytes);
        long[] calls = result.getLongs("calls");
        double[] seconds = result.getDoubles("seconds");
        long[] engineOps = result.getLongs("engineOps");
        long[] busy = result.getLongs("busy");
        long[] stockOps = result.getLongs("stockOps");
        for (int r = 0; r < calls.length; r++) {
            point.addRound(calls[r], seconds[r], engineOps[r], busy[r], stockOps[r]);
        }
        return point;
    }

    /** MB/s of uncompressed data over all threads, per round. */
    public Spread throughput() {
        return Spread.of(mbps);
    }

    /** Whether the agent's counters were read (false for stock). */
    public boolean counted() {
        return counted;
    }

    /** Share of the calls that found every context busy (and so ran Cassandra's own code). */
    public double busyShare() {
        return calls == 0 ? Double.NaN : (double) busy / calls;
    }

    /**
     * Calls the counters account for (served by the engine or handed to stock) over calls made;
     * 1.0 when the counting is complete. Less means calls the agent never saw.
     */
    public double accountedShare() {
        return calls == 0 ? Double.NaN : (double) (engineOps + stockOps) / calls;
    }

    public long calls() {
        return calls;
    }
}
