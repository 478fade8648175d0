package dev.deflateaccel.agent;

import java.lang.instrument.Instrumentation;

import dev.deflateaccel.bridge.AccelLog;
import dev.deflateaccel.bridge.DeflateBridge;
import dev.deflateaccel.bridge.config.AccelConfig;
import dev.deflateaccel.bridge.config.ConfigFile;
import net.bytebuddy.agent.builder.ResettableClassFileTransformer;

/**
 * Reads the config, opens the engines, publishes the statistics, and weaves DeflateCompressor.
 * When no engine could take any call (all disabled or missing) the class is still woven: every
 * call runs Cassandra's own code, timed, so that stock's codec share can be read (CodecCpuShare).
 */
final class AgentInstaller {
    private AgentInstaller() {
    }

    static ResettableClassFileTransformer install(AgentArguments args, Instrumentation inst) {
        return install(args, inst, null);
    }

    /** With {@code defaultSink} (null: stdout) for the lines of a config without log_file. */
    static ResettableClassFileTransformer install(AgentArguments args, Instrumentation inst, AccelLog.Sink defaultSink) {
        AccelConfig config = ConfigFile.read(args.configPath());
        if (config.refusal() != null) {
            // The file exists but was refused: running on defaults would silently ignore what
            // the operator wrote (engines switched off, say), so nothing is built or woven. Its
            // log_file and log_level are unknown, hence stdout at the default level.
            AccelLog stdout = defaultSink == null ? AccelLog.to(System.out, AccelLog.ERROR)
                    : AccelLog.to(defaultSink, AccelLog.ERROR);
            stdout.warn(config.refusal() + "; DeflateCompressor stays stock");
            if (args.problem() != null) {
                stdout.warn(args.problem());
            }
            return null;
        }
        AccelLog log = defaultSink == null ? AccelLog.from(config) : AccelLog.from(config, defaultSink);
        log.info("deflate-accel " + AgentVersion.get() + ", config: " + config.source());
        if (args.problem() != null) {
            log.warn(args.problem());
        }
        for (String warning : config.warnings()) {
            log.warn(warning);
        }
        for (String notice : config.notices()) {
            log.info(notice);
        }
        DeflateBridge bridge = DeflateBridge.create(config, log);
        if (!bridge.canCompress() && !bridge.canDecompress()) {
            // Still woven: Cassandra's own code serves every call, and its CPU is timed, so that an
            // operator can read stock's codec share on the node before enabling any engine.
            log.warn("no engine is enabled and available: Cassandra's own code serves every call, timed"
                    + " (status shows the codec's share of the node's CPU)");
        }
        CassandraRoute.install(bridge);
        // The dev.deflateaccel:type=Agent MBean (Version and the live operations) is LiveAgent's.
        String jmxProblem = bridge.statistics().registerMBeans();
        if (jmxProblem != null) {
            log.warn(jmxProblem);
        }
        // Cassandra's metrics registry gets the statistics from LiveAgent.start, with pacing's counters.
        try {
            ResettableClassFileTransformer transformer = DeflateCompressorInstrumentation.install(inst, log);
            log.info("ready: " + DeflateCompressorInstrumentation.TARGET + " will use "
                    + bridge.engines().stream().filter(e -> e.status().isAvailable())
                        .map(e -> e.name()).reduce((a, b) -> a + ", " + b).orElse("no engine"));
            return transformer;
        } catch (RuntimeException | Error e) {
            CassandraRoute.uninstall();
            bridge.close();
            throw e;
        }
    }
}
