package dev.deflateaccel.agent;

import java.io.File;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Attach API ({@code com.sun.tools.attach.VirtualMachine}), as jcmd uses it: only a process
 * of the same user as the target JVM (or root) may attach.
 *
 * <p>Called by reflection. The main code is compiled with {@code --release 8} (Cassandra 4.0
 * and 4.1 run on Java 8), which does not see the JDK-only {@code com.sun.tools.attach}; and
 * where the API is depends on the Java that runs the command: module jdk.attach on 9+ (on the
 * class path's reach), lib/tools.jar beside a JDK 8's jre/ (not on {@code java -jar}'s class
 * path, so it gets its own class loader, as Byte Buddy's agent loader does), nowhere in a JRE.
 * {@link #requireApi()} finds it once; a Java without it gets one message saying what to run.
 */
final class AttachChannel implements AutoCloseable {
    static final String SAME_USER_RULE = "the Attach API, like jcmd, only connects to a JVM of the same user"
            + " (run this as the node's user, e.g. sudo -u cassandra java -jar ..., or as root)";

    private static final String VIRTUAL_MACHINE = "com.sun.tools.attach.VirtualMachine";

    /** The API's methods, found at the first {@link #requireApi()}; null until then or when absent. */
    private static volatile Api api;

    private final Object vm;
    private final String pid;

    private AttachChannel(Object vm, String pid) {
        this.vm = vm;
        this.pid = pid;
    }

    /** The methods of VirtualMachine this class calls. */
    private static final class Api {
        final Method attach;
        final Method getSystemProperties;
        final Method getAgentProperties;
        final Method startLocalManagementAgent;
        final Method loadAgent;
        final Method detach;

        Api(Class<?> vm) throws NoSuchMethodException {
            attach = vm.getMethod("attach", String.class);
            getSystemProperties = vm.getMethod("getSystemProperties");
            getAgentProperties = vm.getMethod("getAgentProperties");
            startLocalManagementAgent = vm.getMethod("startLocalManagementAgent"); // JDK 8 and later
            loadAgent = vm.getMethod("loadAgent", String.class, String.class);
            detach = vm.getMethod("detach");
        }
    }

    /** Fails with the operator's message when this Java has no Attach API. */
    static void requireApi() throws CommandFailed {
        if (api != null) {
            return;
        }
        Class<?> vm = findVirtualMachine();
        try {
            if (vm != null) {
                api = new Api(vm);
                return;
            }
        } catch (NoSuchMethodException | RuntimeException e) {
            // not the API we know: said below
        }
        String home = System.getProperty("java.home");
        boolean java8 = JvmSupport.majorOf(System.getProperty("java.specification.version")) <= JvmSupport.OLDEST_JAVA;
        throw new CommandFailed("this Java runtime (" + home + ") has no Attach API ("
                + (java8 ? "a Java 8 JRE: no lib/tools.jar"
                        : "no jdk.attach module: it is a JRE, or a jlink image without it")
                + "). Run the command with a JDK's java: Java 11 or newer"
                + " (e.g. /usr/lib/jvm/java-17-openjdk-amd64/bin/java) or a JDK 8 with lib/tools.jar; a JDK 11+ java can attach to a node running on Java 8."
                + " The node itself may keep running on a JRE.");
    }

    /** VirtualMachine from module jdk.attach or the class path, else from a JDK 8's tools.jar; null if neither. */
    private static Class<?> findVirtualMachine() {
        try {
            return Class.forName(VIRTUAL_MACHINE);
        } catch (ClassNotFoundException | LinkageError e) {
            // a Java 8 JDK keeps it in tools.jar, off the class path
        }
        String home = System.getProperty("java.home");
        for (File tools : new File[] {new File(home, "../lib/tools.jar"), new File(home, "lib/tools.jar")}) {
            if (tools.isFile()) {
                try {
                    // Parent: the bootstrap loader, so tools.jar's own classes win (as in ByteBuddyAgent).
                    ClassLoader loader = new URLClassLoader(new URL[] {tools.toURI().toURL()}, null);
                    return Class.forName(VIRTUAL_MACHINE, true, loader);
                } catch (MalformedURLException | ClassNotFoundException | LinkageError e) {
                    // try the next place
                }
            }
        }
        return null;
    }

    /** The reflective call; the API's own exception (IOException, AttachNotSupportedException...) is rethrown as is. */
    private static Object call(Method m, Object target, Object... args) throws Exception {
        try {
            return m.invoke(target, args);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof Error) {
                throw (Error) cause;
            }
            throw (Exception) cause;
        }
    }

    /** {@link #requireApi()} must have passed. */
    static AttachChannel open(String pid) throws CommandFailed {
        try {
            return new AttachChannel(call(api.attach, null, pid), pid);
        } catch (Exception e) { // AttachNotSupportedException, IOException, RuntimeException
            throw new CommandFailed("cannot attach to JVM " + pid + ": " + e.getMessage() + "\n  Is " + pid
                    + " a running JVM (jps lists them)? Note: " + SAME_USER_RULE
                    + "; a JVM started with -XX:+DisableAttachMechanism refuses every attach.");
        }
    }

    Properties systemProperties() throws CommandFailed {
        try {
            return (Properties) call(api.getSystemProperties, vm);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) { // IOException
            throw new CommandFailed("cannot read the system properties of JVM " + pid + ": " + e);
        }
    }

    /** The JVM's local JMX connector address if it already has one (nothing is opened). */
    String existingLocalConnector() throws CommandFailed {
        try {
            return ((Properties) call(api.getAgentProperties, vm))
                    .getProperty("com.sun.management.jmxremote.localConnectorAddress");
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) { // IOException
            throw new CommandFailed("cannot read the agent properties of JVM " + pid + ": " + e);
        }
    }

    /** Starts the JVM's local JMX connector (it stays open until the JVM exits: the JDK cannot stop it). */
    String startLocalConnector() throws CommandFailed {
        try {
            return (String) call(api.startLocalManagementAgent, vm);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) { // IOException
            throw new CommandFailed("cannot start the local JMX connector of JVM " + pid + ": " + e);
        }
    }

    /**
     * Runs the agent jar's agentmain in the JVM with {@code args} and returns what it left in
     * {@link LiveAgent#RESULT_PROPERTY}.
     */
    String loadAgent(Path jar, String args) throws CommandFailed {
        try {
            call(api.loadAgent, vm, jar.toString(), args);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) { // AgentLoadException, AgentInitializationException, IOException
            Integer code = java8ReturnCode(e);
            if (code == null) {
                throw new CommandFailed("loading " + jar + " into JVM " + pid + " failed: " + e);
            }
            if (code != 0) {
                throw new CommandFailed("loading " + jar + " into JVM " + pid + " failed: Agent_OnAttach returned " + code);
            }
            // 0: a Java 8 node loaded the agent (see java8ReturnCode); its outcome is read below as always.
        }
        String result = systemProperties().getProperty(LiveAgent.RESULT_PROPERTY);
        return result == null ? "(the agent left no result)" : result;
    }

    /**
     * A node on Java 8 answers {@code load} with only its agent's return code ("0"), where Java 9+
     * answers "return code: 0"; a Java 9+ Attach API reads the old answer as a failure and throws
     * {@code AgentLoadException("0")} (JDK 25: "Failed to load agent library: 0") even though the
     * agent was loaded. That code, or null when {@code e} is not such an answer.
     */
    static Integer java8ReturnCode(Exception e) {
        if (!e.getClass().getName().equals("com.sun.tools.attach.AgentLoadException") || e.getMessage() == null) {
            return null;
        }
        Matcher m = OLD_LOAD_ANSWER.matcher(e.getMessage().trim());
        return m.matches() ? Integer.valueOf(m.group(1)) : null;
    }

    private static final Pattern OLD_LOAD_ANSWER = Pattern.compile("(?:Failed to load agent library: )?(-?[0-9]{1,9})");

    @Override
    public void close() {
        try {
            call(api.detach, vm);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception ignored) { // IOException
            // the JVM went away
        }
    }
}
