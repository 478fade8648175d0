package dev.deflateaccel.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent keeps to itself on the class path (issue 58): the built jar stores as classes only
 * its system-class-path footprint, and a JVM that has its own JNA keeps it while the agent's
 * engines serve the woven DeflateCompressor with the agent's JNA.
 */
class ClassPathIsolationIT {
    private static final Path AGENT_JAR = Paths.get(System.getProperty("deflateaccel.agent.jar",
            "target/deflate-accel-agent.jar"));
    private static final String JAVA = Paths.get(System.getProperty("java.home"), "bin", "java").toString();

    /**
     * The classes a node's system class loader can load from the jar: the entry points and what
     * the woven DeflateCompressor calls. docs/architecture.md lists them; a change is a decision.
     */
    static final List<String> FOOTPRINT = Collections.unmodifiableList(Arrays.asList(
            "dev/deflateaccel/agent/AgentClassLoader.class",
            "dev/deflateaccel/agent/DeflateAccelAgent.class",
            "dev/deflateaccel/agent/Main.class",
            "dev/deflateaccel/agent/api/CurrentPacer.class",
            "dev/deflateaccel/agent/api/CurrentRoute.class",
            "dev/deflateaccel/agent/api/DeflateRoute.class",
            "dev/deflateaccel/agent/api/WritePacer.class"));

    /** A JNA that Cassandra 5.0 ships and the agent does not bundle, as a node's own. */
    private static final String NODE_JNA = "5.13.0";

    @TempDir
    Path tmp;

    @Test
    void theOnlyClassesOutsideInstAreTheFootprint() throws IOException {
        List<String> classes = new ArrayList<>();
        List<String> strays = new ArrayList<>();
        boolean relocatedByteBuddy = false;
        try (JarFile jar = new JarFile(AGENT_JAR.toFile())) {
            for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements();) {
                String name = e.nextElement().getName();
                relocatedByteBuddy |= name.startsWith("inst/dev/deflateaccel/shaded/net/bytebuddy/");
                if (name.startsWith("inst/")) {
                    continue;
                }
                if (name.endsWith(".class")) {
                    classes.add(name);
                } else if (!name.endsWith("/") && !(name.startsWith("META-INF/") && !name.startsWith("META-INF/services/"))) {
                    // Anything else a class loader could find there (a resource, a service file, a native library).
                    strays.add(name);
                }
            }
        }
        Collections.sort(classes);
        assertEquals(FOOTPRINT, classes, "classes the system class loader can load from " + AGENT_JAR);
        assertEquals(Collections.emptyList(), strays, "resources outside inst/ and META-INF/");
        assertTrue(relocatedByteBuddy, "Byte Buddy must be relocated under dev/deflateaccel/shaded/, inside inst/");
    }

    @Test
    void architectureDocListsTheFootprint() throws IOException {
        String doc = new String(Files.readAllBytes(Paths.get("..", "docs", "architecture.md")), StandardCharsets.UTF_8);
        for (String entry : FOOTPRINT) {
            String className = entry.substring(0, entry.length() - ".class".length()).replace('/', '.');
            assertTrue(doc.contains("`" + className + "`"), "docs/architecture.md must list " + className);
        }
    }

    /**
     * A stand-in node with its own JNA on the class path calls the C library through it before
     * and after the woven DeflateCompressor runs on libdeflate through the agent's JNA: both
     * native dispatch libraries are loaded, one per class loader, and neither JNA sees the other.
     */
    @Test
    void aNodesOwnJnaStaysItsOwnWhileTheAgentsEnginesServe() throws Exception {
        String agentJna = System.getProperty("deflateaccel.jna.version");
        assertNotEquals(NODE_JNA, agentJna, "the node's JNA must differ from the agent's for this test to mean anything");
        Path conf = tmp.resolve("zlib-accel.conf");
        Files.write(conf, Arrays.asList("use_libdeflate_compress = 1", "use_libdeflate_uncompress = 1"));
        ChildJvm r = ChildJvm.run(tmp, JAVA, Collections.singletonList("-javaagent:" + AGENT_JAR + "=config=" + conf),
                nodeClassPath(), ForeignJnaMain.class.getName(), "libdeflate");
        assertEquals(0, r.exit, r.output);
        assertTrue(r.output.contains("ISOLATION node-jna before version=" + NODE_JNA + " jar="), r.output);
        assertTrue(r.output.contains("ISOLATION node-jna after version=" + NODE_JNA + " jar="), r.output);
        assertTrue(r.output.contains("jna-" + NODE_JNA + ".jar getpid="), r.output);
        assertTrue(r.output.contains("ISOLATION agent-jna version=" + agentJna + " separate=true"), r.output);
        assertTrue(r.output.contains("ISOLATION engine=libdeflate compress=8 decompress=8 unexpected=0"), r.output);
        assertTrue(r.output.contains("ISOLATION OK"), r.output);
    }

    /** cassandra-all with what DeflateCompressor needs, the node's JNA, and this module's test classes; nothing of the agent. */
    private static String nodeClassPath() {
        return CassandraJars.nodeClassPath(CassandraJars.primary(), NODE_JNA);
    }
}
