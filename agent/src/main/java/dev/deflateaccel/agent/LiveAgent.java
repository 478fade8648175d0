package dev.deflateaccel.agent;

import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

import dev.deflateaccel.bridge.AccelLog;
import dev.deflateaccel.bridge.DeflateBridge;
import dev.deflateaccel.bridge.config.AccelConfig;
import dev.deflateaccel.bridge.config.ConfigFile;
import dev.deflateaccel.bridge.config.ConfigKey;
import dev.deflateaccel.bridge.engine.DeflateEngine;
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
 * path is unchanged: one volatile read.
 *
 * <p>Detach removes the transformer with retransformation, so DeflateCompressor is Cassandra's
 * own bytecode again, then closes the bridge and unregisters every MBean of the agent. The
 * classes stay loaded (the JVM cannot unload the system class loader's), which is why an attach
 * after a detach runs the same code and why an upgrade needs a restart.
 */
final class LiveAgent implements AgentControlMBean {
    /** Set at the first load and never cleared: the version of the classes this JVM runs. */
    static final String VERSION_PROPERTY = "dev.deflateaccel.agent.version";
    /** What the last agentmain did, for the command-line tool that triggered it (read over attach). */
    static final String RESULT_PROPERTY = "dev.deflateaccel.agent.result";
    static final String COMMAND_PREFIX = "command=";
    static final String MBEAN_NAME = StatisticsRegistry.DOMAIN + ":type=Agent";

    private static LiveAgent current;

    private final Instrumentation inst;
    private final ResettableClassFileTransformer transformer;
    private final Path configPath;
    private final AccelLog.Sink sink;
    private final String attachedSince = Instant.now().toString();
    private final ConfigWatcher watcher;
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
            System.getProperties().remove(DeflateAccelAgent.LOADED_PROPERTY);
            recording.stop();
            result("NOT ATTACHED; DeflateCompressor stays stock:\n" + recording.text());
            return;
        }
        LiveAgent agent = new LiveAgent(inst, transformer, args.configPath(), recording, fingerprint);
        current = agent;
        agent.registerMBean(bridge.log());
        agent.watcher.start();
        String source = bridge.config().source();
        String started = (attach ? "attached" : "started") + ": version " + AgentVersion.current() + ", config "
                + (source.equals(args.configPath().toString()) ? source : args.configPath() + " (" + source + ")")
                + ", generation 1; " + describe(bridge);
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
            AccelConfig config = stableRead(problems);
            if (config == null) {
                return refuse(old, trigger, problems);
            }
            if (old != null && config.toString().equals(old.config().toString())) {
                String same = "config " + configPath + " unchanged (" + trigger + "); generation " + generation + " stays";
                if (explicit) {
                    old.log().notice(same);
                }
                return same;
            }
            AccelLog log = AccelLog.from(config, sink);
            for (String notice : config.notices()) {
                log.info(notice);
            }
            DeflateBridge next = DeflateBridge.create(config, log);
            CassandraRoute.install(next);
            replaceStatistics(next, log);
            if (old != null) {
                old.close();
            }
            generation++;
            lastReloadTime = Instant.now().toString();
            lastReloadError = "";
            String done = "reloaded " + configPath + " (" + trigger + "): generation " + generation + "; " + describe(next)
                    + (next.canCompress() || next.canDecompress() ? "" : " - no engine: every call runs Cassandra's own code");
            log.notice(done);
            return done;
        }
    }

    /**
     * The file, read twice about a second apart, parsed strictly: null (with the problems) when it
     * is missing, refused, empty, still changing, or has any bad key or value.
     */
    private AccelConfig stableRead(List<String> problems) {
        byte[] first;
        byte[] second;
        try {
            first = ConfigFile.readBytes(configPath);
            Thread.sleep(1000);
            second = ConfigFile.readBytes(configPath);
        } catch (IOException e) {
            problems.add(e.getMessage());
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            problems.add("interrupted while reading " + configPath);
            return null;
        }
        if (first == null || second == null) {
            problems.add("config file " + configPath + " does not exist (deleted?)");
            return null;
        }
        if (!Arrays.equals(first, second)) {
            problems.add("config file " + configPath + " changed between two reads a second apart (still being written?)");
            return null;
        }
        if (new String(first, java.nio.charset.StandardCharsets.ISO_8859_1).trim().isEmpty()) {
            problems.add("config file " + configPath + " is empty (truncated by an editor?)");
            return null;
        }
        AccelConfig config = ConfigFile.parse(first, configPath.toString());
        if (!config.warnings().isEmpty()) {
            // At start a bad value keeps its default; a running node keeps the whole previous config.
            for (String w : config.warnings()) {
                problems.add(w.replaceFirst("; keeping default .*$", "").replaceFirst(" ignored$", ""));
            }
            return null;
        }
        return config;
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

    /** The engine MBeans now show the new bridge's counters; an engine no longer configured goes away. */
    private static void replaceStatistics(DeflateBridge next, AccelLog log) {
        unregister(StatisticsRegistry.DOMAIN + ":type=EngineStatistics,*");
        String problem = next.statistics().registerMBeans();
        if (problem != null) {
            log.warn(problem);
        }
    }

    // ---- detach ----

    @Override
    public String detach() {
        synchronized (LiveAgent.class) {
            if (current != this) {
                return "already detached";
            }
            watcher.stop();
            DeflateBridge bridge = CassandraRoute.uninstall(); // from now on every call runs Cassandra's code
            String reset;
            try {
                reset = transformer.reset(inst, AgentBuilder.RedefinitionStrategy.RETRANSFORMATION)
                        ? "DeflateCompressor is Cassandra's own bytecode again"
                        : "the transformer was already removed";
            } catch (RuntimeException e) {
                reset = "retransforming DeflateCompressor back failed (" + e + "); the advice stays but routes every call"
                        + " to Cassandra's own code";
            }
            if (bridge != null) {
                bridge.close();
            }
            unregister(StatisticsRegistry.DOMAIN + ":type=EngineStatistics,*");
            unregister(MBEAN_NAME);
            current = null;
            System.getProperties().remove(DeflateAccelAgent.LOADED_PROPERTY);
            String done = "detached: " + reset + "; engines closed (native memory is freed as calls in flight return);"
                    + " MBeans unregistered";
            (bridge != null ? bridge.log() : AccelLog.to(sink, AccelLog.ERROR)).notice(done);
            return done;
        }
    }

    // ---- JMX ----

    private void registerMBean(AccelLog log) {
        try {
            MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            ObjectName name = new ObjectName(MBEAN_NAME);
            if (server.isRegistered(name)) {
                server.unregisterMBean(name);
            }
            server.registerMBean(new javax.management.StandardMBean(this, AgentControlMBean.class), name);
        } catch (JMException | RuntimeException e) {
            log.warn("cannot register " + MBEAN_NAME + ": " + e);
        }
    }

    private static void unregister(String pattern) {
        try {
            MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            Set<ObjectName> names = server.queryNames(new ObjectName(pattern), null);
            for (ObjectName n : names) {
                try {
                    server.unregisterMBean(n);
                } catch (JMException ignored) {
                    // gone meanwhile
                }
            }
        } catch (JMException | RuntimeException ignored) {
            // nothing to unregister
        }
    }

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
        return b == null ? "none (detached)" : describe(b);
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
                .append("Engines: ").append(getEngines()).append('\n');
        DeflateBridge b = CassandraRoute.bridge();
        if (b != null) {
            b.statistics().all().forEach(st -> s.append("  ").append(st.summary()).append('\n'));
        }
        return s.toString();
    }

    /** "compress: libdeflate, zlib; decompress: libdeflate, zlib" (enabled and available engines, in order). */
    static String describe(DeflateBridge bridge) {
        return "compress: " + engines(bridge, true) + "; decompress: " + engines(bridge, false);
    }

    private static String engines(DeflateBridge bridge, boolean compress) {
        List<String> names = new ArrayList<>();
        for (DeflateEngine e : bridge.engines()) {
            ConfigKey key = ConfigKey.forKey("use_" + e.name() + (compress ? "_compress" : "_uncompress"));
            if (key != null && bridge.config().enabled(key)) {
                names.add(e.status().isAvailable() ? e.name() : e.name() + " (unavailable: " + shortened(e.status().detail()) + ")");
            }
        }
        return names.isEmpty() ? "none (Cassandra's own code)" : String.join(", ", names);
    }

    /** The first sentence of a reason, at most 120 characters: the log has the rest. */
    private static String shortened(String detail) {
        String s = detail;
        int cut = s.indexOf(": Unable to load library");
        if (cut > 0) {
            s = s.substring(0, cut);
        }
        return s.length() <= 120 ? s : s.substring(0, 117) + "...";
    }

    /** Passes lines on, and keeps a copy of those written while the agent starts, for the attach tool. */
    static final class RecordingSink implements AccelLog.Sink {
        private final AccelLog.Sink next;
        private final StringBuilder text = new StringBuilder();
        private volatile boolean recording = true;

        RecordingSink(AccelLog.Sink next) {
            this.next = next;
        }

        @Override
        public void write(String tag, String message) {
            if (recording) {
                synchronized (text) {
                    text.append(tag).append(' ').append(message).append('\n');
                }
            }
            next.write(tag, message);
        }

        void stop() {
            recording = false;
        }

        String text() {
            synchronized (text) {
                return text.toString();
            }
        }
    }
}
