package dev.deflateaccel.agent;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Properties;

import com.sun.tools.attach.AgentInitializationException;
import com.sun.tools.attach.AgentLoadException;
import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;

/**
 * The Attach API (module jdk.attach), as jcmd uses it: only a process of the same user as the
 * target JVM (or root) may attach. Only referenced after {@link LiveCommands} checked that the
 * module exists, so a JRE gets a clear message instead of a NoClassDefFoundError.
 */
final class AttachChannel implements AutoCloseable {
    static final String SAME_USER_RULE = "the Attach API, like jcmd, only connects to a JVM of the same user"
            + " (run this as the node's user, e.g. sudo -u cassandra java -jar ..., or as root)";

    private final VirtualMachine vm;
    private final String pid;

    private AttachChannel(VirtualMachine vm, String pid) {
        this.vm = vm;
        this.pid = pid;
    }

    static AttachChannel open(String pid) throws CommandFailed {
        try {
            return new AttachChannel(VirtualMachine.attach(pid), pid);
        } catch (AttachNotSupportedException | IOException | RuntimeException e) {
            throw new CommandFailed("cannot attach to JVM " + pid + ": " + e.getMessage() + "\n  Is " + pid
                    + " a running JVM (jps lists them)? Note: " + SAME_USER_RULE
                    + "; a JVM started with -XX:+DisableAttachMechanism refuses every attach.");
        }
    }

    Properties systemProperties() throws CommandFailed {
        try {
            return vm.getSystemProperties();
        } catch (IOException e) {
            throw new CommandFailed("cannot read the system properties of JVM " + pid + ": " + e);
        }
    }

    /** The JVM's local JMX connector address if it already has one (nothing is opened). */
    String existingLocalConnector() throws CommandFailed {
        try {
            return vm.getAgentProperties().getProperty("com.sun.management.jmxremote.localConnectorAddress");
        } catch (IOException e) {
            throw new CommandFailed("cannot read the agent properties of JVM " + pid + ": " + e);
        }
    }

    /** Starts the JVM's local JMX connector (it stays open until the JVM exits: the JDK cannot stop it). */
    String startLocalConnector() throws CommandFailed {
        try {
            return vm.startLocalManagementAgent();
        } catch (IOException e) {
            throw new CommandFailed("cannot start the local JMX connector of JVM " + pid + ": " + e);
        }
    }

    /**
     * Runs the agent jar's agentmain in the JVM with {@code args} and returns what it left in
     * {@link LiveAgent#RESULT_PROPERTY}.
     */
    String loadAgent(Path jar, String args) throws CommandFailed {
        try {
            vm.loadAgent(jar.toString(), args);
        } catch (AgentLoadException | AgentInitializationException | IOException e) {
            throw new CommandFailed("loading " + jar + " into JVM " + pid + " failed: " + e);
        }
        String result = systemProperties().getProperty(LiveAgent.RESULT_PROPERTY);
        return result == null ? "(the agent left no result)" : result;
    }

    @Override
    public void close() {
        try {
            vm.detach();
        } catch (IOException ignored) {
            // the JVM went away
        }
    }
}
