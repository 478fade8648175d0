package dev.deflateaccel.harness;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import dev.deflateaccel.bridge.EngineDescriptor;
import dev.deflateaccel.bridge.EngineRegistry;

/**
 * A snapshot of all the agent's engine statistics MBeans of one node
 * ({@code dev.deflateaccel:type=EngineStatistics,engine=E,direction=D}).
 */
public final class EngineStats {

    public static final String COMPRESS = "compress";
    public static final String DECOMPRESS = "decompress";
    public static final List<String> DIRECTIONS = List.of(COMPRESS, DECOMPRESS);
    /** Every engine of the registry, then "cassandra" (calls handed back to Cassandra's own code). */
    public static final List<String> ENGINES = Stream.concat(EngineRegistry.ALL.stream().map(EngineDescriptor::name),
            Stream.of("cassandra")).collect(Collectors.toList());

    private final Map<String, EngineCounters> counters;

    public EngineStats(Map<String, EngineCounters> counters) {
        this.counters = new TreeMap<>(counters);
    }

    public static String key(String engine, String direction) {
        return engine + "/" + direction;
    }

    /** True when the node exposes any engine MBean, i.e. the agent is loaded. */
    public boolean agentLoaded() {
        return !counters.isEmpty();
    }

    public EngineCounters get(String engine, String direction) {
        return counters.getOrDefault(key(engine, direction), EngineCounters.ZERO);
    }

    /** What happened between {@code earlier} and this snapshot (same node process). */
    public EngineStats since(EngineStats earlier) {
        Map<String, EngineCounters> delta = new LinkedHashMap<>();
        counters.forEach((key, now) -> delta.put(key, now.minus(earlier.counters.getOrDefault(key, EngineCounters.ZERO))));
        return new EngineStats(delta);
    }

    /** Operations summed over every engine other than {@code engine} in {@code direction}. */
    public long operationsExcept(String engine, String direction) {
        return inDirection(direction).filter(e -> !e.getKey().equals(key(engine, direction)))
                .mapToLong(e -> e.getValue().operations).sum();
    }

    /** The codec's CPU nanoseconds over every engine and direction, Cassandra's own code ({@code cassandra}) included. */
    public long cpuNanos() {
        return counters.values().stream().mapToLong(c -> c.cpuNanos).sum();
    }

    /** The same in one direction. */
    public long cpuNanos(String direction) {
        return inDirection(direction).mapToLong(e -> e.getValue().cpuNanos).sum();
    }

    /** Calls in one direction over every engine (a chunk each, as Cassandra calls the codec). */
    public long operations(String direction) {
        return inDirection(direction).mapToLong(e -> e.getValue().operations).sum();
    }

    /** Bytes handed to the codec in one direction over every engine: uncompressed bytes when compressing. */
    public long bytesIn(String direction) {
        return inDirection(direction).mapToLong(e -> e.getValue().bytesIn).sum();
    }

    /** Every engine's counters in {@code direction}, by key. */
    private Stream<Map.Entry<String, EngineCounters>> inDirection(String direction) {
        return counters.entrySet().stream().filter(e -> e.getKey().endsWith("/" + direction));
    }

    public long totalErrors() {
        return counters.values().stream().mapToLong(c -> c.errors).sum();
    }

    @Override
    public String toString() {
        if (counters.isEmpty()) {
            return "(no engine MBeans: agent not loaded)";
        }
        StringBuilder text = new StringBuilder();
        counters.forEach((key, value) -> text.append("  ").append(key).append(": ").append(value).append('\n'));
        return text.toString();
    }
}
