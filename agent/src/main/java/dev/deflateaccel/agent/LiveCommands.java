package dev.deflateaccel.agent;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

import dev.deflateaccel.agent.jmx.JmxLogin;
import dev.deflateaccel.agent.jmx.JmxRemote;
import dev.deflateaccel.bridge.config.ConfigFile;
import dev.deflateaccel.bridge.engine.FallbackReason;
import dev.deflateaccel.bridge.stats.StatisticsClient;
import dev.deflateaccel.bridge.stats.StatisticsSnapshot;

/**
 * {@code attach}, {@code detach}, {@code reload} and {@code status}: the agent on a running
 * node, without a restart. attach/detach/reload go through the Attach API (the agent jar's
 * agentmain runs in the node and leaves its outcome in a system property this reads back);
 * status reads the node's JMX like nodetool, or the Attach API when no JMX port answers.
 */
final class LiveCommands {
    static final int DEFAULT_JMX_PORT = 7199;

    private final PrintStream out;

    LiveCommands(PrintStream out) {
        this.out = out;
    }

    static String usage() {
        return "  java -jar deflate-accel-agent.jar attach <pid> [config=PATH]   load the agent into a running node\n"
                + "  java -jar deflate-accel-agent.jar reload <pid>                  apply the edited config file now\n"
                + "  java -jar deflate-accel-agent.jar detach <pid>                  back to Cassandra's own DeflateCompressor\n"
                + "  java -jar deflate-accel-agent.jar status [<pid>] [-h HOST] [-p JMXPORT] [" + JmxLogin.USAGE + "]\n"
                + "                                      [--local-connector]\n"
                + "  attach, reload and detach use the Attach API: " + AttachChannel.SAME_USER_RULE + ".\n"
                + "  They need a JDK's java (Java 11+, or a JDK 8 with lib/tools.jar) to run this command;"
                + " the node itself may run on a JRE.";
    }

    /** Returns the exit code: 0 done, 1 refused or failed, 2 usage. */
    int run(String command, List<String> args) {
        try {
            switch (command) {
                case "attach":
                    return attach(args);
                case "detach":
                case "reload":
                    return viaAgent(command, args);
                case "status":
                    return status(args);
                default:
                    return usageError("unknown command " + command);
            }
        } catch (CommandFailed e) {
            out.println(command + ": " + e.getMessage());
            return 1;
        }
    }

    private int usageError(String problem) {
        out.println(problem);
        out.println("usage:");
        out.println(usage());
        return 2;
    }

    private static Path agentJar() throws CommandFailed {
        Path jar = AgentVersion.jarPath();
        if (jar == null) {
            throw new CommandFailed("not running from the agent jar (run java -jar deflate-accel-agent.jar ...)");
        }
        return jar.toAbsolutePath();
    }

    // ---- attach ----

    private int attach(List<String> args) throws CommandFailed {
        if (args.isEmpty() || args.size() > 2) {
            return usageError("attach needs a pid and optionally config=PATH");
        }
        String pid = args.get(0);
        Path config = Paths.get(ConfigFile.DEFAULT_PATH);
        if (args.size() == 2) {
            if (!args.get(1).startsWith("config=") || args.get(1).length() == "config=".length()) {
                return usageError("expected config=PATH, got " + args.get(1));
            }
            // The node resolves paths against its own working directory, not ours.
            config = Paths.get(args.get(1).substring("config=".length())).toAbsolutePath().normalize();
        }
        AttachChannel.requireApi();
        Path jar = agentJar();
        String version = AgentVersion.current();
        try (AttachChannel vm = AttachChannel.open(pid)) {
            Properties props = vm.systemProperties();
            String loaded = props.getProperty(AgentStart.LOADED_PROPERTY);
            if (loaded != null) {
                throw new CommandFailed("the agent is already attached to JVM " + pid + " (loaded with '" + loaded + "').\n"
                        + "  To apply an edited config file: edit it (it is watched) or run `reload " + pid + "`;"
                        + " to remove the agent: `detach " + pid + "`; to see it: `status " + pid + "`.");
            }
            String running = props.getProperty(LiveAgent.VERSION_PROPERTY);
            if (running != null && !running.equals(version)) {
                throw new CommandFailed("JVM " + pid + " already ran agent version " + running + " and keeps its classes"
                        + " loaded after a detach; this jar is version " + version + ". An upgrade needs a restart of the"
                        + " node (with the new jar in jvm-server.options, or attach it after the restart).");
            }
            out.println("attaching " + jar + " (version " + version + ") to JVM " + pid + " with config " + config
                    + (Files.exists(config) ? "" : " (does not exist: defaults)"));
            String result = vm.loadAgent(jar, "config=" + config);
            out.println(result.trim());
            if (!result.startsWith("ATTACHED")) {
                return 1;
            }
            out.println("The node's log (system.log, logger " + CassandraLogSink.LOGGER + ") has the same lines."
                    + " The file is watched: edits apply within seconds.");
            return 0;
        }
    }

    // ---- detach, reload ----

    private int viaAgent(String command, List<String> args) throws CommandFailed {
        if (args.size() != 1) {
            return usageError(command + " needs a pid");
        }
        AttachChannel.requireApi();
        String pid = args.get(0);
        Path jar = agentJar();
        try (AttachChannel vm = AttachChannel.open(pid)) {
            if (vm.systemProperties().getProperty(AgentStart.LOADED_PROPERTY) == null) {
                throw new CommandFailed("the agent is not attached to JVM " + pid + "; nothing to " + command);
            }
            String result = vm.loadAgent(jar, LiveAgent.COMMAND_PREFIX + command);
            out.println(result.trim());
            return result.startsWith("REFUSED") || result.startsWith("NOT ATTACHED") || result.startsWith("FAILED") ? 1 : 0;
        }
    }

    // ---- status ----

    private int status(List<String> args) throws CommandFailed {
        String pid = null;
        String host = "127.0.0.1";
        int port = DEFAULT_JMX_PORT;
        JmxLogin login = new JmxLogin();
        boolean localConnector = false;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            String next = i + 1 < args.size() ? args.get(i + 1) : null;
            switch (a) {
                case "-h": case "--host": host = need(a, next); i++; break;
                case "-p": case "--port": port = Integer.parseInt(need(a, next)); i++; break;
                case "--local-connector": localConnector = true; break;
                default:
                    boolean loginOption;
                    try {
                        loginOption = login.accept(a, next);
                    } catch (IllegalArgumentException e) {
                        return usageError(e.getMessage());
                    }
                    if (loginOption) {
                        i++;
                    } else if (pid == null && a.matches("[0-9]+")) {
                        pid = a;
                    } else {
                        return usageError("unexpected argument " + a);
                    }
            }
        }
        if (!localConnector) {
            JMXServiceURL url = url(JmxRemote.serviceUrl(host, port));
            Map<String, Object> env;
            try {
                env = login.environment();
            } catch (IllegalArgumentException e) {
                throw new CommandFailed(e.getMessage());
            }
            String user = login.user();
            try (JMXConnector c = JMXConnectorFactory.connect(url, env)) {
                Object jmxPid = pid == null ? null : pidOf(c.getMBeanServerConnection());
                if (jmxPid != null && !jmxPid.toString().equals(pid)) {
                    out.println("JMX at " + host + ":" + port + " is JVM " + jmxPid + ", not " + pid
                            + " (give the node's port with -p); closed it, using the Attach API on JVM " + pid);
                    return statusViaAttach(pid, false);
                }
                out.println("connector: JMX at " + host + ":" + port + (user != null ? " as " + user : "")
                        + " (the node's own, as nodetool uses it; nothing opened in the node)");
                print(c.getMBeanServerConnection());
                out.println("closed the JMX connection");
                return 0;
            } catch (RuntimeException e) {
                // Cassandra's JMX authenticator sends its SecurityException wrapped in a RuntimeException.
                SecurityException denied = securityCause(e);
                if (denied == null) {
                    throw e;
                }
                String refused = user == null
                        ? "JMX at " + host + ":" + port + " requires authentication (" + denied.getMessage() + ")"
                        : "JMX at " + host + ":" + port + " refused user " + user + " (" + denied.getMessage() + ")";
                if (pid != null && user == null) {
                    out.println(refused + "; using the Attach API on JVM " + pid);
                    return statusViaAttach(pid, false);
                }
                throw new CommandFailed(refused + ".\n  " + (user == null
                        ? "Give a JMX user as for nodetool: -u USER -pw PASSWORD, or -u USER -pwf FILE (a read-only role is"
                                + " enough for status); or give the node's pid and run this as the node's user, to read"
                                + " through the Attach API instead."
                        : "Check the user and password: the node's JMX password file (cassandra-env.sh names it), or its"
                                + " Cassandra role when JMX logs in through Cassandra; a read-only role is enough for status."));
            } catch (IOException e) {
                if (pid == null) {
                    throw new CommandFailed("cannot reach JMX at " + host + ":" + port + " (" + e.getMessage() + ")"
                            + (pid == null ? "; give the node's pid to go through the Attach API instead" : ""));
                }
                out.println("no JMX at " + host + ":" + port + " (" + rootMessage(e) + "); using the Attach API on JVM " + pid);
            }
        }
        if (pid == null) {
            return usageError("--local-connector needs a pid");
        }
        return statusViaAttach(pid, localConnector);
    }

    private static Object pidOf(MBeanServerConnection c) {
        try {
            return c.getAttribute(new ObjectName("java.lang:type=Runtime"), "Pid");
        } catch (Exception e) {
            return null; // cannot tell: trust the operator's address
        }
    }

    private int statusViaAttach(String pid, boolean localConnector) throws CommandFailed {
        AttachChannel.requireApi();
        try (AttachChannel vm = AttachChannel.open(pid)) {
            String address = vm.existingLocalConnector();
            boolean opened = false;
            if (address == null && localConnector) {
                address = vm.startLocalConnector();
                opened = true;
            }
            if (address != null) {
                out.println("connector: the JVM's local JMX connector " + address
                        + (opened ? " - OPENED by this command. It accepts local connections only, without"
                                + " authentication, and the JDK cannot close it: it stays until the node restarts."
                                : " (it was already open; nothing opened)"));
                try (JMXConnector c = JMXConnectorFactory.connect(url(address))) {
                    print(c.getMBeanServerConnection());
                } catch (IOException e) {
                    throw new CommandFailed("cannot use the local connector " + address + ": " + e);
                }
                out.println("closed the JMX connection");
                return 0;
            }
            out.println("connector: none. Read through the Attach API (jcmd's channel; same user only);"
                    + " no JMX connector was opened in the node");
            if (vm.systemProperties().getProperty(AgentStart.LOADED_PROPERTY) == null) {
                out.println("agent: not attached");
                return 0;
            }
            out.println(vm.loadAgent(agentJar(), LiveAgent.COMMAND_PREFIX + "status").trim());
            return 0;
        }
    }

    private static SecurityException securityCause(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof SecurityException) {
                return (SecurityException) c;
            }
        }
        return null;
    }

    private static String rootMessage(Throwable t) {
        while (t.getCause() != null) {
            t = t.getCause();
        }
        return t.toString();
    }

    private static String need(String option, String value) throws CommandFailed {
        if (value == null) {
            throw new CommandFailed(option + " needs a value");
        }
        return value;
    }

    private static JMXServiceURL url(String url) throws CommandFailed {
        try {
            return new JMXServiceURL(url);
        } catch (IOException e) {
            throw new CommandFailed("bad JMX address " + url + ": " + e);
        }
    }

    /** The Agent MBean's attributes, then every engine's counters, fallbacks by reason. */
    private void print(MBeanServerConnection c) throws CommandFailed {
        try {
            ObjectName agent = new ObjectName(LiveAgent.MBEAN_NAME);
            if (!c.isRegistered(agent)) {
                out.println("agent: not attached (no " + agent + ")");
                return;
            }
            out.println("agent (" + agent + "):");
            for (String a : Arrays.asList("ConfigPath", "Generation", "LastReloadTime", "LastReloadError", "Version",
                    "AttachedSince", "Engines", "CodecCpu", "CompactionWriteback")) {
                Object v;
                try {
                    v = c.getAttribute(agent, a);
                } catch (javax.management.AttributeNotFoundException e) {
                    v = "(not given by the agent version running there)";
                }
                String text = v == null || v.toString().isEmpty() ? "(none)" : v.toString();
                out.println("  " + a + ": " + text.replace("\n", "\n      "));
            }
            out.println("engines (counters since generation " + c.getAttribute(agent, "Generation") + " was applied):");
            for (StatisticsSnapshot e : new StatisticsClient(c).readAll()) {
                StringBuilder reasons = new StringBuilder();
                for (FallbackReason r : FallbackReason.values()) {
                    if (e.fallbacks(r) != 0) {
                        reasons.append(' ').append(StatisticsSnapshot.attributeOf(r).substring("Fallbacks".length()))
                                .append('=').append(e.fallbacks(r));
                    }
                }
                out.println("  " + e.engine + "/" + e.direction + ": Operations=" + e.operations + " BytesIn=" + e.bytesIn
                        + " BytesOut=" + e.bytesOut + " Errors=" + e.errors + " Fallbacks=" + e.fallbacks
                        + " NativeBytes=" + e.nativeBytes + (reasons.length() > 0 ? " fallbacks by reason:" + reasons : ""));
            }
        } catch (Exception e) {
            throw new CommandFailed("cannot read the agent's MBeans: " + e);
        }
    }
}
