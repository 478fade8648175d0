package dev.deflateaccel.agent;

import static dev.deflateaccel.bridge.Backports.lines;
import static dev.deflateaccel.bridge.Backports.readAllBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
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
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The shaded jar as an operator uses it: its contents, its manifest, {@code -javaagent} in a
 * fresh JVM whose class path holds cassandra-all and the JNA that Cassandra line ships (ahead of
 * the agent jar, as in a real node), and the doctor command.
 */
class AgentJarIT {
    private static final Path AGENT_JAR = Paths.get(System.getProperty("deflateaccel.agent.jar",
            "target/deflate-accel-agent.jar"));
    private static final String JAVA = Paths.get(System.getProperty("java.home"), "bin", "java").toString();

    @TempDir
    Path tmp;

    static Stream<String> versions() {
        return CassandraJars.versions().stream();
    }

    /**
     * JNA's dispatch library for both platforms the agent supports: one jar for x86-64 and aarch64
     * (Aarch64IT runs it). Under inst/, where only the agent's own JNA looks for it.
     */
    @Test
    void jarCarriesJnasDispatchLibraryForX86AndAarch64() throws IOException {
        try (JarFile jar = new JarFile(AGENT_JAR.toFile())) {
            for (String platform : Arrays.asList("linux-x86-64", "linux-aarch64")) {
                assertNotNull(jar.getEntry("inst/com/sun/jna/" + platform + "/libjnidispatch.so"), platform);
            }
        }
    }

    @Test
    void manifestDeclaresTheAgent() throws IOException {
        try (JarFile jar = new JarFile(AGENT_JAR.toFile())) {
            Attributes a = jar.getManifest().getMainAttributes();
            assertEquals("dev.deflateaccel.agent.DeflateAccelAgent", a.getValue("Premain-Class"));
            assertEquals("dev.deflateaccel.agent.DeflateAccelAgent", a.getValue("Agent-Class"));
            assertEquals("dev.deflateaccel.agent.Main", a.getValue("Main-Class"));
            assertEquals("true", a.getValue("Can-Retransform-Classes"));
        }
    }

    private static final String PROJECT_VERSION = System.getProperty("deflateaccel.project.version");

    @Test
    void theJarStatesItsVersionInItsManifestDoctorJmxAndVersionCommand() throws Exception {
        try (JarFile jar = new JarFile(AGENT_JAR.toFile())) {
            Attributes a = jar.getManifest().getMainAttributes();
            assertEquals(PROJECT_VERSION, a.getValue("Implementation-Version"));
            assertEquals("deflate-accel", a.getValue("Implementation-Title"));
        }
        // "version" is what the packages' deflate-accel wrapper passes; "--version" stays for scripts.
        for (String command : Arrays.asList("version", "--version")) {
            ChildJvm v = run(Collections.emptyList(), null, "-jar", AGENT_JAR.toString(), command);
            assertEquals(0, v.exit, v.output);
            assertTrue(v.output.endsWith("\ndeflate-accel " + PROJECT_VERSION + "\n"), v.output);
        }

        ChildJvm j = run(Arrays.asList("-javaagent:" + AGENT_JAR + "=config=" + config("log_level = 2")), cassandraClassPath(CassandraJars.primary()),
                JmxAttributeMain.class.getName(), "dev.deflateaccel:type=Agent", "Version");
        assertEquals(0, j.exit, j.output);
        assertTrue(j.output.contains("JMX dev.deflateaccel:type=Agent Version=" + PROJECT_VERSION + "\n"), j.output);
        assertTrue(j.output.contains("[deflate-accel] INFO deflate-accel " + PROJECT_VERSION + ", config: "), j.output);
    }

    /** The jar is also handed out alone: its own LICENSE and NOTICE cover what it bundles. */
    @Test
    void jarCarriesOurLicenseAndANoticeForWhatItBundles() throws IOException {
        try (JarFile jar = new JarFile(AGENT_JAR.toFile())) {
            String license = new String(readAllBytes(jar.getInputStream(jar.getEntry("META-INF/LICENSE"))), StandardCharsets.UTF_8);
            assertEquals(new String(Files.readAllBytes(Paths.get("..", "LICENSE")), StandardCharsets.UTF_8), license);
            String notice = new String(readAllBytes(jar.getInputStream(jar.getEntry("META-INF/NOTICE"))), StandardCharsets.UTF_8);
            assertEquals(new String(Files.readAllBytes(Paths.get("..", "NOTICE")), StandardCharsets.UTF_8), notice);
            for (String bundled : Arrays.asList("Byte Buddy", "ASM", "Java Native Access (JNA)", "libffi")) {
                assertTrue(notice.contains(bundled), "NOTICE must cover " + bundled);
            }
            assertNotNull(jar.getEntry("META-INF/licenses/ASM"), "Byte Buddy's copy of ASM's licence");
        }
    }

    @ParameterizedTest(name = "cassandra-all {0} with its own JNA")
    @MethodSource("versions")
    void agentServesDeflateCompressorWithTheHostsJna(String version) throws Exception {
        Path conf = config("use_igzip_compress = 1", "use_igzip_uncompress = 0");
        ChildJvm r = run(Arrays.asList("-javaagent:" + AGENT_JAR + "=config=" + conf), cassandraClassPath(version),
                AgentSmokeMain.class.getName(), "igzip", "libdeflate");
        assertEquals(0, r.exit, r.output);
        assertTrue(r.output.contains("jna-" + CassandraJars.jnaVersionOf(version) + ".jar"),
                "the host's JNA must be the one in use: " + r.output);
        ChildJvm d = run(Arrays.asList("-javaagent:" + AGENT_JAR + "=config=" + config()), cassandraClassPath(version),
                AgentSmokeMain.class.getName(), "libdeflate");
        assertEquals(0, d.exit, d.output);
    }

    @Test
    void badConfigAndMissingLibraryWarnOnceAndStillServe() throws Exception {
        Path conf = config("use_igzip_compress = 1", "igzip_library = /nonexistent/libisal.so.2",
                "libdeflate_compression_level = 13", "no_such_key = 1");
        ChildJvm r = run(Arrays.asList("-javaagent:" + AGENT_JAR + "=config=" + conf), cassandraClassPath(CassandraJars.primary()),
                AgentSmokeMain.class.getName(), "libdeflate");
        assertEquals(0, r.exit, r.output);
        assertEquals(1, count(r.output, "libdeflate_compression_level = '13' is not valid: expected an integer 1-12"), r.output);
        assertEquals(1, count(r.output, "unknown key 'no_such_key'"), r.output);
        assertEquals(1, count(r.output, "engine igzip is enabled but unavailable: cannot load /nonexistent/libisal.so.2"), r.output);
        assertTrue(r.output.contains("install the libisal2 package"), r.output);
    }

    /** Two -javaagent lines: the second load is a no-op with one line, and every call is routed and counted once. */
    @Test
    void aSecondLoadOfTheAgentDoesNothing() throws Exception {
        Path conf = config("log_level = 2");
        ChildJvm r = run(Arrays.asList("-javaagent:" + AGENT_JAR + "=config=" + conf, "-javaagent:" + AGENT_JAR + "=config=" + conf),
                cassandraClassPath(CassandraJars.primary()), AgentSmokeMain.class.getName(), "libdeflate");
        assertEquals(0, r.exit, r.output); // AgentSmokeMain checks the counts are exactly one per call
        assertEquals(1, count(r.output, "the agent is already loaded in this JVM"), r.output);
        assertEquals(1, count(r.output, "ready: "), r.output);
    }

    /** Cassandra flushes memtables in its shutdown hook: calls made then still go through the engines. */
    @Test
    void callsFromAShutdownHookStillWork() throws Exception {
        ChildJvm r = run(Arrays.asList("-javaagent:" + AGENT_JAR + "=config=" + config()), cassandraClassPath(CassandraJars.primary()),
                ShutdownHookMain.class.getName(), "libdeflate");
        assertEquals(0, r.exit, r.output);
        assertEquals(1, count(r.output, "SHUTDOWN-OK"), r.output);
    }

    /**
     * Measure before enabling: with no engine, the class is still woven so that Cassandra's own
     * code serves every call and is timed (the operator reads stock's codec share), and the log
     * says so once.
     */
    @Test
    void withNoUsableEngineCassandrasOwnCodeServesEveryCallTimed() throws Exception {
        Path conf = config("use_libdeflate_compress = 0", "use_libdeflate_uncompress = 0",
                "use_zlib_compress = 0", "use_zlib_uncompress = 0");
        ChildJvm r = run(Arrays.asList("-javaagent:" + AGENT_JAR + "=config=" + conf), cassandraClassPath(CassandraJars.primary()),
                AgentSmokeMain.class.getName(), "cassandra");
        assertEquals(0, r.exit, r.output);
        assertEquals(1, count(r.output, "no engine is enabled and available: Cassandra's own code serves every call"), r.output);
    }

    /** The operator's exact command, speed figures timed as they ship; the other doctor runs here time them briefly. */
    @Test
    void doctorShowsEachEngineWorking() throws Exception {
        ChildJvm r = run(Collections.emptyList(), null, "-jar", AGENT_JAR.toString(), "doctor", "config=" + config("use_igzip_compress = 1"));
        assertEquals(0, r.exit, r.output);
        for (String engine : Arrays.asList("igzip", "libdeflate", "zlib")) {
            assertTrue(lines(r.output).anyMatch(l -> l.matches("\\s+" + engine + "\\s+OK\\s+[0-9.]+\\s+[0-9.]+\\s+[0-9.]+")),
                    engine + " self-test line missing:\n" + r.output);
        }
        assertTrue(r.output.contains("Result: OK"), r.output);
    }

    @Test
    void doctorWorksWithCassandra40sOldJnaFirstOnTheClassPath() throws Exception {
        String cp = CassandraJars.jna("5.6.0") + File.pathSeparator + AGENT_JAR;
        ChildJvm r = run(Collections.singletonList(ChildJvm.QUICK_SPEED_FIGURES), cp, Main.class.getName(), "doctor",
                "config=" + config());
        assertEquals(0, r.exit, r.output);
        assertTrue(r.output.contains("Result: OK"), r.output);
    }

    @Test
    void doctorFailsWhenAnEnabledEngineIsMissing() throws Exception {
        ChildJvm r = run(Collections.singletonList(ChildJvm.QUICK_SPEED_FIGURES), null, "-jar", AGENT_JAR.toString(), "doctor",
                "config=" + config("libdeflate_library = /nonexistent/libdeflate.so.0"));
        assertEquals(1, r.exit, r.output);
        assertTrue(r.output.contains("install the libdeflate0 package"), r.output);
    }

    // ---- helpers ----

    private Path config(String... lines) throws IOException {
        Path f = Files.createTempFile(tmp, "zlib-accel", ".conf");
        Files.write(f, Arrays.asList(lines));
        return f;
    }

    /**
     * cassandra-all, the JNA it ships, what DeflateCompressor needs, and the test classes, with
     * the bridge's and sample-data's classes that the test data (TestData) is made with: the
     * agent's own copies are in its own class loader, out of the test mains' reach.
     */
    static String cassandraClassPath(String version) {
        List<String> cp = new ArrayList<>();
        cp.add(CassandraJars.cassandraAll(version).toString());
        cp.add(CassandraJars.jna(CassandraJars.jnaVersionOf(version)).toString());
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            String file = Paths.get(entry).getFileName().toString();
            String path = entry.replace('\\', '/');
            if (file.startsWith("guava-") || file.startsWith("failureaccess-") || file.startsWith("netty-common-")
                    || path.endsWith("native-bridge/target/classes") || path.endsWith("sample-data/target/classes")
                    || (file.startsWith("deflate-accel-native-bridge-") && !file.endsWith("-tests.jar"))
                    || file.startsWith("deflate-accel-sample-data-")
                    || entry.replace('\\', '/').endsWith("native-bridge/target/test-classes")
                    || (file.startsWith("deflate-accel-native-bridge-") && file.endsWith("-tests.jar"))
                    || entry.replace('\\', '/').endsWith("agent/target/test-classes")) {
                cp.add(entry);
            }
        }
        return String.join(File.pathSeparator, cp);
    }

    private ChildJvm run(List<String> jvmOptions, String classPath, String... mainAndArgs) throws Exception {
        return ChildJvm.run(tmp, JAVA, jvmOptions, classPath, mainAndArgs);
    }

    private static int count(String haystack, String needle) {
        return haystack.split(java.util.regex.Pattern.quote(needle), -1).length - 1;
    }

}
