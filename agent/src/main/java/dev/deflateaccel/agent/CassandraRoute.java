package dev.deflateaccel.agent;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicBoolean;

import dev.deflateaccel.agent.api.CurrentRoute;
import dev.deflateaccel.agent.api.DeflateRoute;
import dev.deflateaccel.bridge.DeflateBridge;
import dev.deflateaccel.bridge.config.ConfigKey;
import dev.deflateaccel.bridge.engine.FallbackReason;
import dev.deflateaccel.bridge.stats.CodecClock;
import dev.deflateaccel.bridge.stats.Direction;
import dev.deflateaccel.bridge.stats.EngineStatistics;
import dev.deflateaccel.bridge.threads.CompactionThreadNice;

/**
 * The route the advice woven into Cassandra's DeflateCompressor takes, through
 * {@link CurrentRoute} (on the system class path) to this class (in the agent's own class
 * loader). Each method either completes the call through the bridge and returns a "handled"
 * value, or returns the "run the original" value, so that Cassandra's own code runs on the same,
 * untouched arguments. Never throws.
 *
 * <p>Empty inputs always go to Cassandra's code: stock DeflateCompressor writes nothing for an
 * empty chunk and reads nothing from one, and only its own code reproduces that exactly.
 */
public final class CassandraRoute implements DeflateRoute {
    /** The engine name under which calls handed back to Cassandra's own code are counted. */
    public static final String CASSANDRA = "cassandra";

    private static volatile DeflateBridge bridge;
    private static volatile EngineStatistics stockCompress;
    private static volatile EngineStatistics stockDecompress;
    private static final AtomicBoolean ADVICE_PROBLEM_LOGGED = new AtomicBoolean();
    /** Stateless: the state is the static fields above, so that install and uninstall need no instance. */
    private static final CassandraRoute INSTANCE = new CassandraRoute();

    private CassandraRoute() {
    }

    static void install(DeflateBridge b) {
        stockCompress = b.statistics().of(CASSANDRA, Direction.COMPRESS);
        stockDecompress = b.statistics().of(CASSANDRA, Direction.DECOMPRESS);
        bridge = b;
        CurrentRoute.set(INSTANCE);
        CompactionThreadNice.configure(b.config().intValue(ConfigKey.COMPACTION_THREAD_NICE), b.log()::warn);
    }

    /**
     * Detaches the bridge (tests, a failed start, detach); all calls then run Cassandra's code,
     * and compaction threads the agent set to a higher nice value get their own back. The route
     * stays in {@link CurrentRoute}, still counting Cassandra's own calls, as before a detach.
     */
    static DeflateBridge uninstall() {
        DeflateBridge b = bridge;
        bridge = null;
        if (b != null) {
            CompactionThreadNice.configure(0, b.log()::warn);
        }
        return b;
    }

    public static DeflateBridge bridge() {
        return bridge;
    }

    @Override
    public int compressArray(byte[] in, int inOffset, int inLength, byte[] out, int outOffset, int maxOutputLength) {
        CodecClock.Call call = CodecClock.begin();
        DeflateBridge b = bridge;
        if (b != null && inLength > 0) {
            int n = b.tryCompress(in, inOffset, inLength, out, outOffset, maxOutputLength);
            if (n >= 0) {
                call.end();
                return n + 1;
            }
        }
        stock(stockCompress, inLength, call);
        return 0;
    }

    @Override
    public int uncompressArray(byte[] in, int inOffset, int inLength, byte[] out, int outOffset, int maxOutputLength) {
        CodecClock.Call call = CodecClock.begin();
        DeflateBridge b = bridge;
        if (b != null && inLength > 0) {
            int n = b.tryDecompress(in, inOffset, inLength, out, outOffset, maxOutputLength);
            if (n >= 0) {
                call.end();
                return n + 1;
            }
        }
        stock(stockDecompress, inLength, call);
        return 0;
    }

    @Override
    public boolean compressBuffer(ByteBuffer in, ByteBuffer out) {
        if (in == null || out == null) {
            return false; // Cassandra's code throws stock's NullPointerException
        }
        CodecClock.Call call = CodecClock.begin();
        DeflateBridge b = bridge;
        int inLength = in.remaining();
        if (b != null && inLength > 0 && b.tryCompress(in, out) >= 0) {
            call.end();
            return true;
        }
        stock(stockCompress, inLength, call);
        return false;
    }

    @Override
    public boolean uncompressBuffer(ByteBuffer in, ByteBuffer out) {
        if (in == null || out == null) {
            return false;
        }
        CodecClock.Call call = CodecClock.begin();
        DeflateBridge b = bridge;
        int inLength = in.remaining();
        if (b != null && inLength > 0 && b.tryDecompress(in, out) >= 0) {
            call.end();
            return true;
        }
        stock(stockDecompress, inLength, call);
        return false;
    }

    /**
     * The exit advice's call once Cassandra's own code ran: ends the call {@link #stock} began
     * booking to {@code engine=cassandra}. Not reached when Cassandra's code threw (a corrupt
     * chunk); the thread's next call then starts afresh and that one is never booked. Never throws.
     */
    @Override
    public void stockReturned() {
        try {
            CodecClock.current().end();
        } catch (Throwable t) {
            // Cassandra's own code has already returned its result: bookkeeping must not undo that,
            // not even with an Error (the exception handler would rethrow a VirtualMachineError).
        }
    }

    private static void stock(EngineStatistics s, int inLength, CodecClock.Call call) {
        if (s != null) {
            // Output size is Cassandra's business (counted as 0); a negative length is a bad
            // call that Cassandra's code is about to reject.
            s.completed(Math.max(0, inLength), 0);
            call.servedBy(s);
        }
    }

    /**
     * A Throwable thrown by our advice (not by Cassandra's body), handed on by Byte Buddy's
     * exception handler ({@link CurrentRoute#compressAdviceThrew}, which rethrows a
     * VirtualMachineError). It is a bug of ours: counted as {@code FallbacksUnexpectedException}
     * of {@code engine=cassandra}, logged once, and swallowed; Cassandra's own body then runs on
     * the untouched arguments.
     */
    @Override
    public void compressAdviceThrew(Throwable t) {
        adviceThrew(t, stockCompress, "compress");
    }

    @Override
    public void decompressAdviceThrew(Throwable t) {
        adviceThrew(t, stockDecompress, "decompress");
    }

    private static void adviceThrew(Throwable t, EngineStatistics s, String direction) {
        if (s != null) {
            s.fellBack(FallbackReason.UNEXPECTED_EXCEPTION);
        }
        DeflateBridge b = bridge;
        if (b != null && ADVICE_PROBLEM_LOGGED.compareAndSet(false, true)) {
            b.log().error("the " + direction + " advice threw " + t + "; Cassandra's own code ran instead"
                    + " (further occurrences only counted as FallbacksUnexpectedException of engine=cassandra)");
        }
    }
}
