package dev.deflateaccel.agent;

import static dev.deflateaccel.bridge.Backports.javaFeature;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The agent jar on JDK 25 (Temurin), ahead of Cassandra, which supports only 11 and 17: no
 * warning names our jar or our classes, and {@code DeflateCompressor} is accelerated although
 * this JDK's {@code java.util.zip} carries its own zlib, out of reach of an LD_PRELOAD shim.
 *
 * <p>Runs only in the agent module's {@code jdk25} failsafe execution (-Djdk25.home=...), whose
 * test JVM, and so every JVM started here, is that JDK.
 */
class Jdk25IT {
    private static final Path AGENT_JAR = Paths.get(System.getProperty("deflateaccel.agent.jar",
            "target/deflate-accel-agent.jar"));
    private static final Path JAVA_HOME = Paths.get(System.getProperty("java.home"));
    private static final String JAVA = JAVA_HOME.resolve("bin").resolve("java").toString();
    /** A JVM warning names the jar or module it blames as {@code (file:/...)}. */
    private static final Pattern BLAMED = Pattern.compile("\\(file:([^)]*)\\)");

    @TempDir
    Path tmp;

    @BeforeAll
    static void onJdk25() {
        // Excluded from the default execution; only a -Dit.test=... on a JDK 17 run gets here.
        assumeTrue(Boolean.getBoolean("deflateaccel.jdk25.execution"),
                "Jdk25IT runs in the agent module's jdk25 execution (-Djdk25.home=...)");
        assertTrue(javaFeature() >= 25, "Jdk25IT must run on JDK 25 (the agent module's jdk25"
                + " execution, -Djdk25.home=...); this is " + System.getProperty("java.runtime.version") + " at " + JAVA_HOME);
    }

    static Stream<String> versions() {
        return CassandraJars.versions().stream();
    }

    @ParameterizedTest(name = "cassandra-all {0} with its own JNA")
    @MethodSource("versions")
    void noWarningNamesOurJarOrOurClasses(String version) throws Exception {
        ChildJvm r = run(Arrays.asList("-javaagent:" + AGENT_JAR + "=config=" + config()), AgentJarIT.cassandraClassPath(version),
                AgentSmokeMain.class.getName(), "libdeflate");
        assertEquals(0, r.exit, r.output);
        List<String> warnings = r.warnings();
        for (String w : warnings) {
            assertTrue(!w.contains(AGENT_JAR.getFileName().toString()) && !w.contains("dev.deflateaccel")
                    && !w.contains("dev/deflateaccel"), "a warning names our jar or classes: " + w + "\n" + r.output);
        }
        // What remains is JNA's restricted-method warning, and it blames Cassandra's own JNA jar.
        String hostJna = CassandraJars.jna(CassandraJars.jnaVersionOf(version)).toAbsolutePath().toString();
        for (String w : warnings) {
            Matcher m = BLAMED.matcher(w);
            if (m.find()) {
                assertEquals(hostJna, Paths.get(m.group(1)).toAbsolutePath().toString(), w);
            }
        }
    }

    /** The README's flag: with it, JDK 25 prints no warning at all for a node with the agent. */
    @Test
    void enableNativeAccessSilencesTheOnlyWarning() throws Exception {
        ChildJvm r = run(Arrays.asList("--enable-native-access=ALL-UNNAMED", "-javaagent:" + AGENT_JAR + "=config=" + config()),
                AgentJarIT.cassandraClassPath(CassandraJars.primary()), AgentSmokeMain.class.getName(), "libdeflate");
        assertEquals(0, r.exit, r.output);
        assertEquals(Collections.emptyList(), r.warnings(), r.output);
    }

    /** Ahead of sun.misc.Unsafe's memory access being removed: the agent does not need it. */
    @Test
    void theAgentWorksWithUnsafeMemoryAccessDenied() throws Exception {
        ChildJvm r = run(Arrays.asList("--sun-misc-unsafe-memory-access=deny", "-javaagent:" + AGENT_JAR + "=config=" + config()),
                AgentJarIT.cassandraClassPath(CassandraJars.primary()), AgentSmokeMain.class.getName(), "libdeflate");
        assertEquals(0, r.exit, r.output);
    }

    /** {@code java -jar ... doctor}: the manifest's Enable-Native-Access covers the bundled JNA. */
    @Test
    void doctorPrintsNoWarning() throws Exception {
        ChildJvm r = run(Collections.emptyList(), null, "-jar", AGENT_JAR.toString(), "doctor", "config=" + config());
        assertEquals(0, r.exit, r.output);
        assertEquals(Collections.emptyList(), r.warnings(), r.output);
        assertTrue(r.output.contains("Result: OK"), r.output);
    }

    /**
     * Temurin links zlib into libzip.so: no libz.so to preload over, and no deflate/inflate in its
     * dynamic symbols to interpose on, so a zlib shim never sees java.util.zip's calls. The agent
     * works a level above, on DeflateCompressor itself, and still sends its calls to libdeflate.
     */
    @Test
    void javaUtilZipCarriesItsOwnZlibAndTheAgentStillAcceleratesDeflateCompressor() throws Exception {
        Path libzip = JAVA_HOME.resolve("lib").resolve("libzip.so");
        ElfDynamic elf = ElfDynamic.read(libzip);
        assertTrue(elf.needed.contains("libjvm.so"), "not the JDK's libzip? " + elf.needed);
        assertTrue(!elf.needsZlib(), libzip + " needs the system zlib: " + elf.needed);
        for (String zlibFunction : Arrays.asList("deflate", "inflate", "deflateInit2_", "inflateInit2_")) {
            assertEquals(Collections.emptyList(), elf.symbols(zlibFunction).stream().map(String::valueOf).collect(Collectors.toList()),
                    libzip + " has " + zlibFunction + " in its dynamic symbols");
        }

        // AgentSmokeMain exits 0 only if JMX shows libdeflate served every compress and
        // decompress call of every DeflateCompressor entry point.
        ChildJvm r = run(Arrays.asList("--enable-native-access=ALL-UNNAMED", "-javaagent:" + AGENT_JAR + "=config=" + config()),
                AgentJarIT.cassandraClassPath(CassandraJars.primary()), AgentSmokeMain.class.getName(), "libdeflate");
        assertEquals(0, r.exit, r.output);
        assertTrue(r.output.contains("SMOKE libdeflate compress="), r.output);
    }

    // ---- helpers ----

    /** An empty config: all defaults (libdeflate, then java.util.zip). */
    private Path config(String... lines) throws IOException {
        Path f = Files.createTempFile(tmp, "zlib-accel", ".conf");
        Files.write(f, Arrays.asList(lines));
        return f;
    }

    private ChildJvm run(List<String> jvmOptions, String classPath, String... mainAndArgs) throws Exception {
        return ChildJvm.run(tmp, JAVA, jvmOptions, classPath, mainAndArgs);
    }
}
