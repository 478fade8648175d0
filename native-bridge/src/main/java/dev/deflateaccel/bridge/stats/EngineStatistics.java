package dev.deflateaccel.bridge.stats;

import java.lang.reflect.Method;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

import dev.deflateaccel.bridge.engine.FallbackReason;

/** Counters of one engine in one direction. LongAdder: hundreds of Cassandra threads update them. */
public final class EngineStatistics implements EngineStatisticsMBean {
    private static final Map<String, Method> COUNTERS = findCounters();

    private final String engine;
    private final Direction direction;
    private final LongAdder operations = new LongAdder();
    private final LongAdder bytesIn = new LongAdder();
    private final LongAdder bytesOut = new LongAdder();
    private final LongAdder[] fallbacks = new LongAdder[FallbackReason.values().length];
    /** Calls {@link CodecClock} timed, and their CPU nanoseconds by caller group. */
    private final LongAdder timedCalls = new LongAdder();
    private final LongAdder[] timedNanos = new LongAdder[CallerGroup.values().length];
    private volatile LongSupplier nativeBytes = () -> 0L;

    public EngineStatistics(String engine, Direction direction) {
        this.engine = engine;
        this.direction = direction;
        for (int i = 0; i < fallbacks.length; i++) {
            fallbacks[i] = new LongAdder();
        }
        for (int i = 0; i < timedNanos.length; i++) {
            timedNanos[i] = new LongAdder();
        }
    }

    /**
     * Every counter the MBean shows, by attribute name (getBytesIn is BytesIn), sorted, with its
     * getter: the one list JMX readers, Cassandra's metrics registry and the exporter rules follow.
     */
    public static Map<String, Method> counters() {
        return COUNTERS;
    }

    public String engine() {
        return engine;
    }

    public Direction direction() {
        return direction;
    }

    /** Where {@link #getNativeBytes()} reads the engine's native memory from. */
    public void reportNativeBytes(LongSupplier source) {
        this.nativeBytes = source;
    }

    @Override
    public long getNativeBytes() {
        return nativeBytes.getAsLong();
    }

    public void completed(long in, long out) {
        operations.increment();
        bytesIn.add(in);
        bytesOut.add(out);
    }

    /** One call {@link CodecClock} timed: {@code nanos} of CPU, made by a thread of {@code group}. */
    void timed(CallerGroup group, long nanos) {
        timedCalls.increment();
        timedNanos[group.ordinal()].add(nanos);
    }

    /**
     * The CPU time the calls of {@code group} took, estimated from the timed ones: each timed call
     * stands for {@link CodecClock#SAMPLE_EVERY} calls, since every call of a thread had that one
     * chance in {@value CodecClock#SAMPLE_EVERY} to be timed (its countdown starts at a random
     * point). Only ever grows, as a counter that Prometheus' rate() reads must.
     */
    public long cpuNanos(CallerGroup group) {
        return timedNanos[group.ordinal()].sum() * CodecClock.SAMPLE_EVERY;
    }

    @Override
    public long getCpuNanos() {
        long total = 0;
        for (CallerGroup g : CallerGroup.values()) {
            total += cpuNanos(g);
        }
        return total;
    }

    @Override
    public long getCpuNanosCompaction() {
        return cpuNanos(CallerGroup.COMPACTION);
    }

    @Override
    public long getCpuNanosReads() {
        return cpuNanos(CallerGroup.READS);
    }

    @Override
    public long getCpuNanosFlush() {
        return cpuNanos(CallerGroup.FLUSH);
    }

    @Override
    public long getCpuNanosCommitLogAndHints() {
        return cpuNanos(CallerGroup.COMMIT_LOG_AND_HINTS);
    }

    @Override
    public long getCpuNanosOther() {
        return cpuNanos(CallerGroup.OTHER);
    }

    @Override
    public long getTimedCalls() {
        return timedCalls.sum();
    }

    public void fellBack(FallbackReason reason) {
        fallbacks[reason.ordinal()].increment();
    }

    public long fallbacks(FallbackReason reason) {
        return fallbacks[reason.ordinal()].sum();
    }

    @Override
    public long getOperations() {
        return operations.sum();
    }

    @Override
    public long getBytesIn() {
        return bytesIn.sum();
    }

    @Override
    public long getBytesOut() {
        return bytesOut.sum();
    }

    @Override
    public long getErrors() {
        long n = 0;
        for (FallbackReason r : FallbackReason.values()) {
            if (r.isError()) {
                n += fallbacks(r);
            }
        }
        return n;
    }

    @Override
    public long getFallbacks() {
        long n = 0;
        for (LongAdder a : fallbacks) {
            n += a.sum();
        }
        return n;
    }

    @Override
    public long getFallbacksOutputTooSmall() {
        return fallbacks(FallbackReason.OUTPUT_TOO_SMALL);
    }

    @Override
    public long getFallbacksInputNotAccepted() {
        return fallbacks(FallbackReason.INPUT_NOT_ACCEPTED);
    }

    @Override
    public long getFallbacksContextsBusy() {
        return fallbacks(FallbackReason.CONTEXTS_BUSY);
    }

    @Override
    public long getFallbacksDeviceBusy() {
        return fallbacks(FallbackReason.DEVICE_BUSY);
    }

    @Override
    public long getFallbacksBadOutput() {
        return fallbacks(FallbackReason.BAD_OUTPUT);
    }

    @Override
    public long getFallbacksCorruptInput() {
        return fallbacks(FallbackReason.CORRUPT_INPUT);
    }

    @Override
    public long getFallbacksNativeError() {
        return fallbacks(FallbackReason.NATIVE_ERROR);
    }

    @Override
    public long getFallbacksUnexpectedException() {
        return fallbacks(FallbackReason.UNEXPECTED_EXCEPTION);
    }

    private static Map<String, Method> findCounters() {
        Map<String, Method> counters = new TreeMap<>();
        for (Method m : EngineStatisticsMBean.class.getMethods()) {
            if (m.getName().startsWith("get") && m.getParameterCount() == 0 && m.getReturnType() == long.class) {
                counters.put(m.getName().substring(3), m);
            }
        }
        return Collections.unmodifiableMap(counters);
    }

    /** One line for the periodic stats log and the doctor. */
    public String summary() {
        StringBuilder sb = new StringBuilder();
        sb.append(engine).append(' ').append(direction.label())
                .append(": ops=").append(getOperations())
                .append(" in=").append(getBytesIn())
                .append(" out=").append(getBytesOut())
                .append(" errors=").append(getErrors())
                .append(" fallbacks=").append(getFallbacks());
        for (FallbackReason r : FallbackReason.values()) {
            long n = fallbacks(r);
            if (n > 0) {
                sb.append(' ').append(r.name().toLowerCase()).append('=').append(n);
            }
        }
        return sb.toString();
    }
}
