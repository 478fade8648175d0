package dev.deflateaccel.bench;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * Proves, inside a benchmark fork, which code actually served the compressor calls. Without it a
 * misrouted agent (engine library not found, config key misspelt, every call falling back) would
 * quietly benchmark Cassandra's stock path under an agent label.
 *
 * Reads the agent's statistics MBeans
 * {@code dev.deflateaccel:type=EngineStatistics,engine=<e>,direction=<compress|decompress>}.
 * Expectation {@link #NONE}: no agent at all, so no MBean of the domain may exist. Expectation
 * "libdeflate"/"igzip": that engine's Operations cover every call the fork made in each direction,
 * and every MBean of the domain shows zero Errors and zero Fallbacks, and no other engine
 * (including "cassandra", the hand-back to stock code) served anything.
 */
public final class EngineCheck {
    public static final String NONE = "none";
    private static final String DOMAIN = "dev.deflateaccel";
    private static final String[] DIRECTIONS = {"compress", "decompress"};

    private EngineCheck() {
    }

    /** @return a one-line summary of what served the calls; throws if it is not the expected engine */
    public static String verify(String expectedEngine, long compressCalls, long decompressCalls) {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        Set<ObjectName> all = new TreeSet<>(server.queryNames(objectName(DOMAIN + ":*"), null));
        if (NONE.equals(expectedEngine)) {
            if (!all.isEmpty()) {
                throw new IllegalStateException("configuration is meant to run without the agent, but agent MBeans "
                        + "are registered: " + all);
            }
            return "no agent loaded (no " + DOMAIN + " MBeans): stock code served all calls";
        }

        List<EngineStats> stats = new ArrayList<>();
        for (ObjectName name : all) {
            if ("EngineStatistics".equals(name.getKeyProperty("type"))) {
                stats.add(EngineStats.read(server, name));
            }
        }
        List<String> problems = new ArrayList<>();
        long[] calls = {compressCalls, decompressCalls};
        StringBuilder summary = new StringBuilder(expectedEngine).append(" served");
        for (int d = 0; d < DIRECTIONS.length; d++) {
            if (calls[d] == 0) {
                continue;
            }
            EngineStats expected = find(stats, expectedEngine, DIRECTIONS[d]);
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
        for (EngineStats s : stats) {
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

    private static EngineStats find(List<EngineStats> stats, String engine, String direction) {
        for (EngineStats s : stats) {
            if (s.engine.equals(engine) && s.direction.equals(direction)) {
                return s;
            }
        }
        return null;
    }

    private static ObjectName objectName(String name) {
        try {
            return new ObjectName(name);
        } catch (JMException e) {
            throw new IllegalArgumentException(name, e);
        }
    }

    /** One EngineStatistics MBean's counters. */
    private static final class EngineStats {
        final String engine;
        final String direction;
        final long operations;
        final long errors;
        final long fallbacks;

        private EngineStats(String engine, String direction, long operations, long errors, long fallbacks) {
            this.engine = engine;
            this.direction = direction;
            this.operations = operations;
            this.errors = errors;
            this.fallbacks = fallbacks;
        }

        static EngineStats read(MBeanServer server, ObjectName name) {
            try {
                return new EngineStats(name.getKeyProperty("engine"), name.getKeyProperty("direction"),
                        ((Number) server.getAttribute(name, "Operations")).longValue(),
                        ((Number) server.getAttribute(name, "Errors")).longValue(),
                        ((Number) server.getAttribute(name, "Fallbacks")).longValue());
            } catch (JMException e) {
                throw new IllegalStateException("cannot read agent statistics from " + name
                        + " (expected long attributes Operations, Errors, Fallbacks)", e);
            }
        }

        @Override
        public String toString() {
            return engine + "/" + direction + "{ops=" + operations + ", errors=" + errors
                    + ", fallbacks=" + fallbacks + "}";
        }
    }
}
