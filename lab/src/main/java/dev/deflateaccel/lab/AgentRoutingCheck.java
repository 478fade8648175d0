package dev.deflateaccel.lab;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

import dev.deflateaccel.bridge.stats.StatisticsClient;
import dev.deflateaccel.bridge.stats.StatisticsSnapshot;

/**
 * The agent half of {@link EngineCheck}: the expected engine's Operations cover every call the
 * fork made in each direction, every engine shows zero Errors and Fallbacks, and no other engine
 * (including "cassandra", the hand-back to stock code) served anything. Read through the
 * bridge's one statistics client.
 */
final class AgentRoutingCheck {
    private static final String[] DIRECTIONS = {"compress", "decompress"};

    private AgentRoutingCheck() {
    }

    static String verify(String expectedEngine, long compressCalls, long decompressCalls) {
        List<StatisticsSnapshot> stats;
        try {
            stats = StatisticsClient.local().readAll();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // the local MBean server does no I/O
        }
        List<String> problems = new ArrayList<>();
        long[] calls = {compressCalls, decompressCalls};
        StringBuilder summary = new StringBuilder(expectedEngine).append(" served");
        for (int d = 0; d < DIRECTIONS.length; d++) {
            if (calls[d] == 0) {
                continue;
            }
            StatisticsSnapshot expected = find(stats, expectedEngine, DIRECTIONS[d]);
            if (expected == null) {
                problems.add("no MBean for engine=" + expectedEngine + ",direction=" + DIRECTIONS[d]);
            } else if (expected.operations < calls[d]) {
                problems.add(expectedEngine + " " + DIRECTIONS[d] + " Operations=" + expected.operations
                        + " but this fork made " + calls[d] + " " + DIRECTIONS[d] + " calls");
            } else {
                summary.append(' ').append(expected.operations).append(' ').append(DIRECTIONS[d])
                        .append(" ops (").append(calls[d]).append(" calls made),");
            }
        }
        for (StatisticsSnapshot s : stats) {
            if (s.errors != 0 || s.fallbacks != 0) {
                problems.add(s.engine + "/" + s.direction + " Errors=" + s.errors + " Fallbacks=" + s.fallbacks);
            }
            if (!s.engine.equals(expectedEngine) && s.operations != 0) {
                problems.add("engine " + s.engine + " served " + s.operations + " " + s.direction
                        + " ops; expected only " + expectedEngine);
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalStateException("AGENT ROUTING CHECK FAILED, expected engine " + expectedEngine
                    + ": " + String.join("; ", problems) + ". All statistics: " + stats);
        }
        return summary.append(" 0 errors, 0 fallbacks, other engines idle").toString();
    }

    private static StatisticsSnapshot find(List<StatisticsSnapshot> stats, String engine, String direction) {
        return stats.stream().filter(s -> s.engine.equals(engine) && s.direction.equals(direction)).findFirst()
                .orElse(null);
    }
}
