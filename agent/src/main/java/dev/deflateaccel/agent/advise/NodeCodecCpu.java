package dev.deflateaccel.agent.advise;

import java.io.IOException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

import dev.deflateaccel.agent.CassandraRoute;
import dev.deflateaccel.agent.jmx.JmxLogin;
import dev.deflateaccel.agent.jmx.JmxRemote;

/**
 * The codec's share of the node's CPU over the last minute, as the agent in the node measured it
 * (its Agent MBean, read over the node's JMX port as nodetool reads it): {@code advise --node-cpu}.
 * Only DeflateCompressor's calls are in it; which engine served them tells which of advise's rows
 * the shares were measured with ({@link #servedBy}).
 */
final class NodeCodecCpu {
    /** One engine must have served this much of the codec CPU for the shares to be that engine's. */
    static final double DOMINANT = 0.9;

    final String source;
    final double total;
    final double compress;
    final double decompress;
    final double compaction;
    final double reads;
    /** Percent of the node's CPU per engine ({@code cassandra}: Cassandra's own code). */
    final Map<String, Double> byEngine;
    /**
     * The level each engine compresses at now ({@code libdeflate=6}); null where the node's agent
     * predates the attribute or its config was reloaded within the last minute, so that the level
     * of the minute's calls is not known.
     */
    final Map<String, Integer> levels;
    /** Why {@link #levels} is null; null when it is known. */
    final String levelsUnknown;

    NodeCodecCpu(String source, double compress, double decompress, double compaction, double reads,
            Map<String, Double> byEngine) {
        this(source, compress, decompress, compaction, reads, byEngine, null, "no levels read");
    }

    NodeCodecCpu(String source, double compress, double decompress, double compaction, double reads,
            Map<String, Double> byEngine, Map<String, Integer> levels, String levelsUnknown) {
        this.levels = levels;
        this.levelsUnknown = levels == null ? levelsUnknown : null;
        this.source = source;
        this.total = compress + decompress;
        this.compress = compress;
        this.decompress = decompress;
        this.compaction = compaction;
        this.reads = reads;
        this.byEngine = byEngine;
    }

    /**
     * The engine that served at least {@link #DOMINANT} of the codec CPU, or null: after a reload
     * the last minute can mix two engines, and then no one row of advise's is today's.
     */
    String servedBy() {
        for (Map.Entry<String, Double> e : byEngine.entrySet()) {
            if (total > 0 && e.getValue() >= DOMINANT * total) {
                return e.getKey();
            }
        }
        return null;
    }

    /**
     * The label of advise's row that served the last minute's calls ({@code libdeflate 6}, {@code
     * zlib 6}, {@code iaa}); null for Cassandra's own code (the Deflate tables' current row), for a
     * mix of engines, or where the serving engine's level is not known.
     */
    String servedRow() {
        String engine = servedBy();
        if (engine == null || CassandraRoute.CASSANDRA.equals(engine)) {
            return null;
        }
        if (Candidate.STOCK.equals(engine)) {
            return Candidate.STOCK + " " + Candidate.STOCK_LEVEL; // the agent's zlib engine writes at zlib's default
        }
        if (levels == null) {
            return null;
        }
        Integer level = levels.get(engine);
        return level == null ? engine : engine + " " + level;
    }

    /** The MBean's {@code engine=percent,...} form. */
    static Map<String, Double> parseByEngine(String text) {
        return pairs(text, "percent", Double::parseDouble);
    }

    /**
     * Reads the node's Agent MBean at {@code [HOST:]PORT} (host 127.0.0.1 by default), with the
     * login given (none: anonymous). A clear AdviseException when there is no JMX, no agent, or a
     * share the JVM cannot give.
     */
    static NodeCodecCpu read(String hostPort, JmxLogin login) throws AdviseException {
        int colon = hostPort.lastIndexOf(':');
        String host = colon < 0 ? "127.0.0.1" : hostPort.substring(0, colon);
        String port = colon < 0 ? hostPort : hostPort.substring(colon + 1);
        if (!port.matches("[0-9]{1,5}")) {
            throw new AdviseException("--node-cpu takes [HOST:]PORT, the node's JMX port (nodetool's, 7199 by default),"
                    + " not '" + hostPort + "'");
        }
        String where = "JMX at " + host + ":" + port;
        Map<String, Object> env;
        try {
            env = login.environment();
        } catch (IllegalArgumentException e) {
            throw new AdviseException(where + ": " + e.getMessage() + " (-pwf)");
        }
        String user = login.user();
        try (JMXConnector c = JMXConnectorFactory.connect(new JMXServiceURL(
                JmxRemote.serviceUrl(host, Integer.parseInt(port))), env)) {
            MBeanServerConnection s = c.getMBeanServerConnection();
            ObjectName agent = new ObjectName(JmxRemote.AGENT_MBEAN);
            if (!s.isRegistered(agent)) {
                throw new AdviseException(where + ": no deflate-accel agent in that node (no " + JmxRemote.AGENT_MBEAN + "); attach it"
                        + " with every engine off to measure stock's share (docs/operations.md, \"Codec CPU\")");
            }
            double compress = number(s, agent, "CompressCpuPercentLastMinute");
            double decompress = number(s, agent, "DecompressCpuPercentLastMinute");
            if (Double.isNaN(compress) || Double.isNaN(decompress)) {
                throw new AdviseException(where + ": the node's JVM does not give its process CPU time, so the agent"
                        + " cannot tell the codec's share");
            }
            Map<String, Double> byEngine = parseByEngine((String) s.getAttribute(agent, "CodecCpuByEngineLastMinute"));
            Map<String, Integer> levels = null;
            String levelsUnknown;
            try {
                if ((Long) s.getAttribute(agent, "Generation") > 1
                        && reloadedWithinAMinute((String) s.getAttribute(agent, "LastReloadTime"))) {
                    levelsUnknown = "its config was reloaded within the last minute, so the level its calls ran at"
                            + " is not known; run this again in a minute";
                } else {
                    levels = parseLevels((String) s.getAttribute(agent, "CompressionLevels"));
                    levelsUnknown = null;
                }
            } catch (javax.management.AttributeNotFoundException e) {
                levelsUnknown = "the agent there predates CompressionLevels, so its engine's level is not known;"
                        + " upgrade it on the node";
            }
            return new NodeCodecCpu(where + ", over the last minute", compress, decompress,
                    number(s, agent, "CompactionCodecCpuPercentLastMinute"),
                    number(s, agent, "ReadsCodecCpuPercentLastMinute"), byEngine, levels, levelsUnknown);
        } catch (javax.management.AttributeNotFoundException e) {
            throw new AdviseException(where + ": the agent running there predates the codec CPU share (" + e.getMessage()
                    + "); upgrade it on the node");
        } catch (IOException | javax.management.JMException | RuntimeException e) {
            // RuntimeException: Cassandra's JMX authenticator sends its SecurityException wrapped in one.
            throw new AdviseException(where + ": cannot read the node's codec CPU share (" + e + ")"
                    + (user == null ? "; a JMX login, as for nodetool: " + JmxLogin.USAGE : ""));
        }
    }

    /** The MBean's {@code engine=level,...} form. */
    static Map<String, Integer> parseLevels(String text) {
        return pairs(text, "level", Integer::parseInt);
    }

    /** {@code engine=value} pairs joined by commas, in order; empty for an empty text. */
    private static <V> Map<String, V> pairs(String text, String what, java.util.function.Function<String, V> value) {
        Map<String, V> m = new LinkedHashMap<>();
        if (text == null || text.trim().isEmpty()) {
            return m;
        }
        for (String pair : text.split(",")) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("not engine=" + what + ": '" + pair + "'");
            }
            m.put(pair.substring(0, eq).trim(), value.apply(pair.substring(eq + 1).trim()));
        }
        return m;
    }

    /** An unreadable time counts as recent: better no prediction than one from the wrong level. */
    static boolean reloadedWithinAMinute(String isoTime) {
        try {
            return Instant.parse(isoTime).isAfter(Instant.now().minusSeconds(60));
        } catch (RuntimeException e) {
            return true;
        }
    }

    private static double number(MBeanServerConnection s, ObjectName agent, String attribute)
            throws IOException, javax.management.JMException {
        return ((Number) s.getAttribute(agent, attribute)).doubleValue();
    }
}
