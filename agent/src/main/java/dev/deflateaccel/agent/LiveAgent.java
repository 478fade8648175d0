package dev.deflateaccel.agent;

import java.lang.instrument.Instrumentation;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import dev.deflateaccel.agent.jmx.JmxRemote;
import dev.deflateaccel.bridge.AccelLog;
import dev.deflateaccel.bridge.DeflateBridge;
import dev.deflateaccel.bridge.EngineDescriptor;
import dev.deflateaccel.bridge.EngineRegistry;
import dev.deflateaccel.bridge.config.AccelConfig;
import dev.deflateaccel.bridge.engine.DeflateEngine;
import dev.deflateaccel.bridge.stats.CallerGroup;
import dev.deflateaccel.bridge.stats.Direction;
import dev.deflateaccel.bridge.stats.StatisticsRegistry;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.agent.builder.ResettableClassFileTransformer;

/**
 * The agent on a running node: what premain or an attach started, and the three things an
 * operator can do to it afterwards - reload the config file, detach, ask for its state.
 *
 * <p>Reload builds a new {@link DeflateBridge} from the new file and swaps it into
 * {@link CassandraRoute}'s one volatile field: the next call routes on it, a call in flight
 * finishes on the bridge it read, and the old bridge is closed right after the swap (its
 * engines free idle contexts at once and the ones in use when their call returns). The per-call
 * path is unchanged: one volatile read. A reload opens the engines with the device probes that
 * failed forgotten ({@link DeflateBridge#reopen}); an explicit one of an unchanged file does that
 * too while an engine is unavailable, so a device or library set up since can be taken up
 * without a restart.
 *
 * <p>Detach removes the transformer with retransformation, so DeflateCompressor is Cassandra's
 * own bytecode again, then closes the bridge and unregisters every MBean of the agent. The
 * classes stay loaded (AgentClassLoader keeps the agent's class loader for the JVM's life, and
 * the system class loader keeps the jar's entry classes), which is why an attach after a detach
 * runs the same code and why an upgrade needs a restart.
 */
final class LiveAgent implements AgentControlMBean {
    /** Set at the first load and never cleared: the version of the classes this JVM runs. */
    static final String VERSION_PROPERTY = "dev.deflateaccel.agent.version";
    /** What the last agentmain did, for the command-line tool that triggered it (read over attach); DeflateAccelAgent spells it too. */
    static final String RESULT_PROPERTY = "dev.deflateaccel.agent.result";
    static final String COMMAND_PREFIX = "command=";
    static final String MBEAN_NAME = JmxRemote.AGENT_MBEAN;

    private static LiveAgent current;

    private final Instrumentation inst;
    private final ResettableClassFileTransformer transformer;
    private final Path configPath;
    private final AccelLog.Sink sink;
    private final String attachedSince = Instant.now().toString();
    private final ConfigWatcher watcher;
    private final CodecCpuShare codecCpu = new CodecCpuShare();
    private final CompactionWritePacing pacing;
    private volatile long generation = 1;
    private volatile String lastReloadTime = attachedSince;
    private volatile String lastReloadError = "";

    private LiveAgent(Instrumentation inst, ResettableClassFileTransformer transformer, Path configPath, AccelLog.Sink sink,
                      String fingerprintBeforeRead) {
        this.inst = inst;
        this.transformer = transformer;
        this.configPath = configPath;
        this.sink = sink;
        this.watcher = new ConfigWatcher(configPath, fingerprintBeforeRead, this::reloadIfChanged);
        this.pacing = new CompactionWritePacing(inst);
    }

    // ---- start ----

    /** premain or agentmain, after the loaded-once check passed. Never throws. */
    static synchronized void start(AgentArguments args, Instrumentation inst, boolean attach) {
        System.getProperties().putIfAbsent(VERSION_PROPERTY, AgentVersion.current());
        RecordingSink recording = new RecordingSink(CassandraLogSink.get(inst));
        // Before the read: an edit made while the agent starts then counts as a change.
        String fingerprint = ConfigWatcher.fingerprint(args.configPath());
        ResettableClassFileTransformer transformer = null;
        try {
            transformer = AgentInstaller.install(args, inst, recording);
        } catch (RuntimeException | Error e) {
            recording.write("ERROR", "agent failed to start (" + e + "); Cassandra's DeflateCompressor stays stock");
        }
        DeflateBridge bridge = CassandraRoute.bridge();
        if (transformer == null || bridge == null) {
            // Nothing is woven: allow a later attach once the operator has fixed what was logged.
            System.getProperties().remove(AgentStart.LOADED_PROPERTY);
            recording.stop();
            result("NOT ATTACHED; DeflateCompressor stays stock:\n" + recording.text());
            return;
        }
        LiveAgent agent = new LiveAgent(inst, transformer, args.configPath(), recording, fingerprint);
        current = agent;
        AgentMBeans.register(agent, bridge.log());
        CassandraMetricsPublication.publish(inst, bridge.statistics(), agent.pacing.pacer(), bridge.log());
        agent.watcher.start();
        agent.codecCpu.start(bridge.log());
        agent.pacing.apply(bridge.config(), bridge.log());
        String source = bridge.config().source();
        String started = (attach ? "attached" : "started") + ": version " + AgentVersion.current() + ", config "
                + (source.equals(args.configPath().toString()) ? source : args.configPath() + " (" + source + ")")
                + ", generation 1; " + EngineSummary.describe(bridge);
        if (attach) {
            bridge.log().notice(started); // an operator's action: shown at every level but 0
        } else {
            bridge.log().info(started); // start-up keeps zlib-accel's quiet level 1
        }
        recording.stop();
        result("ATTACHED\n" + recording.text());
    }

    /** agentmain with {@code command=reload|detach|status}: the command-line tool's way in. */
    static void command(String args) {
        String command = args.substring(COMMAND_PREFIX.length()).trim();
        LiveAgent agent;
        synchronized (LiveAgent.class) {
            agent = current;
        }
        if (agent == null) {
            result("NOT ATTACHED: the agent is not active in this JVM");
            return;
        }
        switch (command) {
            case "reload":
                result(agent.reloadConfig());
                break;
            case "detach":
                result(agent.detach());
                break;
            case "status":
                result(agent.statusText());
                break;
            default:
                result("unknown command '" + command + "' (expected reload, detach or status)");
        }
    }

    private static void result(String text) {
        System.setProperty(RESULT_PROPERTY, text);
    }

    static synchronized LiveAgent current() {
        return current;
    }

    // ---- reload ----

    @Override
    public String reloadConfig() {
        return reload("reloadConfig", true);
    }

    /** The watcher's call: a change of the file (or of what its symlink leads to) was seen. */
    private void reloadIfChanged() {
        reload("file change", false);
    }

    private String reload(String trigger, boolean explicit) {
        synchronized (LiveAgent.class) {
            if (current != this) {
                return "detached; nothing to reload";
            }
            DeflateBridge old = CassandraRoute.bridge();
            List<String> problems = new ArrayList<>();
            AccelConfig config = StableConfigRead.read(configPath, problems);
            if (config == null) {
                return refuse(old, trigger, problems);
            }
            if (old != null && config.toString().equals(old.config().toString())) {
                List<String> unavailable = unavailable(old);
                if (explicit && !unavailable.isEmpty()) {
                    return probeAgain(old, trigger, unavailable);
                }
                // The watcher may have applied an edit a second before an explicit reload: say what is in effect.
                String same = "config " + configPath + " unchanged (" + trigger + "); generation " + generation + " stays; "
                        + EngineSummary.describe(old);
                if (explicit) {
                    old.log().notice(same);
                }
                return same;
            }
            AccelLog log = AccelLog.from(config, sink);
            for (String notice : config.notices()) {
                log.info(notice);
            }
            return apply(old, DeflateBridge.reopen(config, log), log, trigger);
        }
    }

    /**
     * An explicit reload of an unchanged file while an engine it enables is unavailable: the
     * operator may have installed a library or set a device up since. The engines are opened
     * again (the failed device probes run again, the ones that found a device do not); only if
     * an engine's availability changed does the new bridge become a new generation.
     */
    private String probeAgain(DeflateBridge old, String trigger, List<String> unavailable) {
        DeflateBridge next = DeflateBridge.reopen(old.config(), old.log());
        if (unavailable(next).equals(unavailable)) {
            next.close();
            String same = "config " + configPath + " unchanged (" + trigger + "); probed " + String.join(", ", unavailable)
                    + " again: still unavailable; generation " + generation + " stays; " + EngineSummary.describe(old);
            old.log().notice(same);
            return same;
        }
        return apply(old, next, old.log(), trigger + ", probed " + String.join(", ", unavailable) + " again");
    }

    /** Routes calls to {@code next} from now on, as generation + 1, and closes {@code old}. */
    private String apply(DeflateBridge old, DeflateBridge next, AccelLog log, String trigger) {
        if (old != null) {
            codecCpu.replace(old.statistics(), () -> CassandraRoute.install(next));
        } else {
            CassandraRoute.install(next);
        }
        replaceStatistics(next, log);
        pacing.apply(next.config(), log);
        if (old != null) {
            old.close();
        }
        generation++;
        lastReloadTime = Instant.now().toString();
        lastReloadError = "";
        String done = "reloaded " + configPath + " (" + trigger + "): generation " + generation + "; " + EngineSummary.describe(next)
                + (next.canCompress() || next.canDecompress() ? "" : " - no engine: every call runs Cassandra's own code");
        log.notice(done);
        return done;
    }

    /** The engines the bridge's config enables that are not available, in routing order. */
    private static List<String> unavailable(DeflateBridge bridge) {
        List<String> names = new ArrayList<>();
        for (DeflateEngine e : bridge.engines()) {
            if (!e.status().isAvailable()) {
                names.add(e.name());
            }
        }
        return names;
    }

    private String refuse(DeflateBridge old, String trigger, List<String> problems) {
        AccelLog log = old != null ? old.log() : AccelLog.to(sink, AccelLog.ERROR);
        for (String p : problems) {
            log.warn("config edit refused: " + p);
        }
        String error = String.join("\n", problems);
        lastReloadError = error;
        String outcome = "REFUSED (" + trigger + "); generation " + generation + " stays in effect:\n" + error;
        log.warn("config edit refused (" + trigger + "); generation " + generation + " of " + configPath + " stays in effect");
        return outcome;
    }

    /** The engine MBeans and Cassandra's registry now show the new bridge's counters; an engine no longer configured goes away. */
    private void replaceStatistics(DeflateBridge next, AccelLog log) {
        AgentMBeans.unregister(StatisticsRegistry.DOMAIN + ":type=EngineStatistics,*");
        String problem = next.statistics().registerMBeans();
        if (problem != null) {
            log.warn(problem);
        }
        CassandraMetricsPublication.publish(inst, next.statistics(), pacing.pacer(), log);
    }

    // ---- detach ----

    @Override
    public String detach() {
        synchronized (LiveAgent.class) {
            if (current != this) {
                return "already detached";
            }
            watcher.stop();
            codecCpu.stop();
            DeflateBridge bridge = CassandraRoute.uninstall(); // from now on every call runs Cassandra's code
            String unpaced = pacing.detach();
            String reset;
            try {
                reset = transformer.reset(inst, AgentBuilder.RedefinitionStrategy.RETRANSFORMATION)
                        ? "DeflateCompressor is Cassandra's own bytecode again"
                        : "the transformer was already removed";
            } catch (RuntimeException e) {
                reset = "retransforming DeflateCompressor back failed (" + e + "); the advice stays but routes every call"
                        + " to Cassandra's own code";
            }
            // Out of every registry before the engines close: no reader sees a closed engine.
            CassandraMetricsPublication.withdraw();
            AgentMBeans.unregister(StatisticsRegistry.DOMAIN + ":type=EngineStatistics,*");
            if (bridge != null) {
                bridge.close();
            }
            AgentMBeans.unregister(MBEAN_NAME);
            current = null;
            System.getProperties().remove(AgentStart.LOADED_PROPERTY);
            String done = "detached: " + reset + unpaced + "; engines closed (native memory is freed as calls in flight return);"
                    + " MBeans unregistered";
            (bridge != null ? bridge.log() : AccelLog.to(sink, AccelLog.ERROR)).notice(done);
            return done;
        }
    }

    // ---- JMX ----

    @Override
    public String getConfigPath() {
        return configPath.toString();
    }

    @Override
    public long getGeneration() {
        return generation;
    }

    @Override
    public String getLastReloadTime() {
        return lastReloadTime;
    }

    @Override
    public String getLastReloadError() {
        return lastReloadError;
    }

    @Override
    public String getVersion() {
        return AgentVersion.current();
    }

    @Override
    public String getAttachedSince() {
        return attachedSince;
    }

    @Override
    public String getEngines() {
        DeflateBridge b = CassandraRoute.bridge();
        return b == null ? "none (detached)" : EngineSummary.describe(b);
    }

    @Override
    public String getCodecCpu() {
        return codecCpu.line();
    }

    @Override
    public double getCodecCpuPercentLastMinute() {
        return codecCpu.lastMinute().total;
    }

    @Override
    public double getCodecCpuPercentSinceStart() {
        return codecCpu.sinceStart().total;
    }

    @Override
    public double getCompressCpuPercentLastMinute() {
        return codecCpu.lastMinute().byDirection[Direction.COMPRESS.ordinal()];
    }

    @Override
    public double getDecompressCpuPercentLastMinute() {
        return codecCpu.lastMinute().byDirection[Direction.DECOMPRESS.ordinal()];
    }

    @Override
    public double getCompactionCodecCpuPercentLastMinute() {
        return codecCpu.lastMinute().byGroup[CallerGroup.COMPACTION.ordinal()];
    }

    @Override
    public double getReadsCodecCpuPercentLastMinute() {
        return codecCpu.lastMinute().byGroup[CallerGroup.READS.ordinal()];
    }

    @Override
    public double getFlushCodecCpuPercentLastMinute() {
        return codecCpu.lastMinute().byGroup[CallerGroup.FLUSH.ordinal()];
    }

    @Override
    public double getCommitLogAndHintsCodecCpuPercentLastMinute() {
        return codecCpu.lastMinute().byGroup[CallerGroup.COMMIT_LOG_AND_HINTS.ordinal()];
    }

    @Override
    public double getOtherCodecCpuPercentLastMinute() {
        return codecCpu.lastMinute().byGroup[CallerGroup.OTHER.ordinal()];
    }

    @Override
    public String getCodecCpuByEngineLastMinute() {
        return CodecCpuShare.byEngine(codecCpu.lastMinute());
    }

    @Override
    public String getCompactionWriteback() {
        return pacing.pacer().describe();
    }

    @Override
    public long getCompactionWritebackBytes() {
        return pacing.pacer().bytesWrittenBack();
    }

    @Override
    public long getCompactionWritebackCalls() {
        return pacing.pacer().writebackCalls();
    }

    @Override
    public long getCompactionWritebackDroppedBytes() {
        return pacing.pacer().bytesDropped();
    }

    @Override
    public long getCompactionWritebackMillis() {
        return pacing.pacer().waitMillis();
    }

    @Override
    public long getCompactionWritebackFailures() {
        return pacing.pacer().failures();
    }

    @Override
    public String getCompressionLevels() {
        DeflateBridge b = CassandraRoute.bridge();
        if (b == null) {
            return "";
        }
        StringBuilder s = new StringBuilder();
        for (EngineDescriptor d : EngineRegistry.ALL) {
            if (d.levelKey() != null) {
                s.append(s.length() == 0 ? "" : ",").append(d.name()).append('=').append(b.config().intValue(d.levelKey()));
            }
        }
        return s.toString();
    }

    /** The same facts the status command prints over JMX, for the attach-only path. */
    String statusText() {
        StringBuilder s = new StringBuilder();
        s.append("ConfigPath: ").append(getConfigPath()).append('\n')
                .append("Generation: ").append(generation).append('\n')
                .append("LastReloadTime: ").append(lastReloadTime).append('\n')
                .append("LastReloadError: ").append(lastReloadError.isEmpty() ? "(none)" : lastReloadError).append('\n')
                .append("Version: ").append(getVersion()).append('\n')
                .append("AttachedSince: ").append(attachedSince).append('\n')
                .append("Engines: ").append(getEngines()).append('\n')
                .append("CodecCpu: ").append(getCodecCpu()).append('\n')
                .append("CompactionWriteback: ").append(getCompactionWriteback()).append('\n');
        DeflateBridge b = CassandraRoute.bridge();
        if (b != null) {
            b.statistics().all().forEach(st -> s.append("  ").append(st.summary()).append('\n'));
        }
        return s.toString();
    }
}
