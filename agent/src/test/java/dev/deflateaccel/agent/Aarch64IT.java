package dev.deflateaccel.agent;

import static dev.deflateaccel.bridge.Backports.lines;
import static dev.deflateaccel.bridge.Backports.mapOf;
import static dev.deflateaccel.bridge.Backports.pid;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The agent on linux-aarch64, on an x86-64 build machine: Debian 12's arm64 JDK 17, libdeflate0
 * and libisal2 ({@link Aarch64Root}) run under {@code qemu-aarch64-static}, a fresh aarch64 JVM per
 * case, always through the shaded jar and cassandra-all 5.0.9's real DeflateCompressor:
 * interop with stock zlib, Cassandra's CompressorTest and 8 threads ({@link WovenInteropMain},
 * under {@code -javaagent}); the argument-contract matrix and the decompression fuzzer (the
 * forked suites of {@link ArgumentContractTest} and {@link DecompressionFuzzTest}, their children
 * started by an aarch64 {@link ChildLauncher}); attach, status and detach on a running aarch64
 * JVM; and the doctor. Emulation proves behaviour, not speed: nothing here measures speed.
 *
 * <p>Runs whenever {@code qemu-aarch64-static} is on PATH ({@code .ci/run} installs it and passes
 * {@code -Ddeflateaccel.aarch64.required=true}, which turns its absence into a failure). Takes
 * about 3 minutes on 2 cores. Alone: {@code mvn -B -ntp verify -pl sample-data,native-bridge,agent
 * -Dit.test=Aarch64IT -Dtest=NoSuchTest -Dsurefire.failIfNoSpecifiedTests=false}.
 */
class Aarch64IT {
    private static final Path AGENT_JAR = Paths.get(System.getProperty("deflateaccel.agent.jar",
            "target/deflate-accel-agent.jar")).toAbsolutePath();
    private static final String REQUIRED = "deflateaccel.aarch64.required";
    /** Outside target/ so that mvn clean does not fetch the 45 MB again; a clean clone fetches it. */
    private static final Path DEB_CACHE = Paths.get(System.getProperty("user.home"), ".cache", "deflate-accel", "debian-arm64");
    private static final int FUZZ_CASES = 5000;

    private static Aarch64Root root;
    private static long started;

    @TempDir
    Path tmp;
    private final List<Process> targets = new ArrayList<>();

    @BeforeAll
    static void prepare() throws Exception {
        started = System.nanoTime();
        if (Aarch64Root.qemu() == null) {
            String why = "Aarch64IT did not run: no " + Aarch64Root.QEMU + " on PATH (apt-get install qemu-user-static)";
            assertTrue(!Boolean.getBoolean(REQUIRED), why + ", and -D" + REQUIRED + "=true");
            System.out.println("== " + why);
            assumeTrue(false, why);
        }
        root = Aarch64Root.prepare(DEB_CACHE, Paths.get("target", "aarch64-root").toAbsolutePath());
        System.out.printf("== Aarch64IT: arm64 root ready in %.1f s%n", (System.nanoTime() - started) / 1e9);
    }

    @AfterAll
    static void took() {
        if (root != null) {
            System.out.printf("== Aarch64IT: the aarch64 pass took %.1f s%n", (System.nanoTime() - started) / 1e9);
        }
    }

    @Test
    void theAarch64JvmIsWhatRuns() throws Exception {
        ChildJvm r = ChildJvm.run(tmp, root.java(), Collections.emptyMap(), Arrays.asList("-XshowSettings:properties"), null, "-version");
        assertEquals(0, r.exit, r.output);
        assertTrue(r.output.contains("os.arch = aarch64"), r.output);
    }

    @Test
    void doctorRefusesQatAndIaaAndSelfTestsLibdeflateAndIgzip() throws Exception {
        ChildJvm r = ChildJvm.run(tmp, root.java(), Collections.emptyMap(), Collections.singletonList(ChildJvm.QUICK_SPEED_FIGURES),
                null, "-jar", AGENT_JAR.toString(), "doctor", "config=" + config("use_igzip_compress = 1"));
        assertEquals(0, r.exit, r.output);
        assertTrue(lines(r.output).anyMatch(l -> l.equals("Architecture: aarch64")), r.output);
        for (String accelerator : Arrays.asList("qat", "iaa")) {
            assertTrue(lines(r.output).anyMatch(l -> l.matches("\\s+" + accelerator + "\\s+\\w+\\s+unavailable: x86-64 only;.*")),
                    accelerator + " must be refused as x86-64 only:\n" + r.output);
        }
        for (String engine : Arrays.asList("igzip", "libdeflate", "zlib")) {
            assertTrue(lines(r.output).anyMatch(l -> l.matches("\\s+" + engine + "\\s+OK\\s+[0-9.]+\\s+[0-9.]+\\s+[0-9.]+")),
                    engine + " self-test line missing:\n" + r.output);
        }
        assertTrue(r.output.contains("Result: OK"), r.output);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = EngineConfig.class, names = {"LIBDEFLATE", "IGZIP"})
    void interopCompressorTestAndEightThreadsThroughTheAgent(EngineConfig engine) throws Exception {
        List<String> conf = new ArrayList<>(engine.configLines());
        ChildJvm r = ChildJvm.run(tmp, root.java(), Collections.emptyMap(), Arrays.asList("-XX:+UseSerialGC",
                "-javaagent:" + AGENT_JAR + "=config=" + config(conf.toArray(new String[0]))),
                AgentJarIT.cassandraClassPath(CassandraJars.primary()), WovenInteropMain.class.getName(),
                engine.engine(), tmp.resolve("work").toString());
        System.out.println(lines(r.output).filter(l -> l.matches("^[A-Z-]+ .*|^ALL-OK")).reduce("", (a, b) -> a + b + "\n"));
        assertEquals(0, r.exit, r.output);
        assertTrue(r.output.contains("\nALL-OK\n"), r.output);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = EngineConfig.class, names = {"LIBDEFLATE", "IGZIP"})
    void argumentContractMatrix(EngineConfig engine) throws IOException {
        ForkedSuiteRun run = ForkedSuiteRun.run(launcher(Collections.emptyMap()), "contract", engine, 300, 15, true);
        String report = run.report();
        System.out.println(report);
        assertTrue(run.passed(), report);
        EngineExercised.check(run);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = EngineConfig.class, names = {"LIBDEFLATE", "IGZIP"})
    void decompressionFuzzer(EngineConfig engine) throws IOException {
        // A case budget, not a time budget: emulation speed must not shrink the run.
        ForkedSuiteRun run = ForkedSuiteRun.run(launcher(mapOf(DecompressionFuzzSuite.CASES, Integer.toString(FUZZ_CASES),
                DecompressionFuzzSuite.SECONDS, "3600")), "fuzz", engine, 300, 10, true);
        String report = run.report();
        System.out.println(report);
        assertTrue(run.passed(), report);
        assertEquals(FUZZ_CASES, run.checked, report);
        EngineExercised.check(run);
    }

    /** The Attach API under qemu: a UNIX socket and SIGQUIT to the target, both emulated for the guest. */
    @Test
    void attachStatusDetachOnARunningAarch64Jvm() throws Exception {
        String pid = startIdleTarget();
        Path conf = config("use_qat_compress = 0", "use_qat_uncompress = 0", "use_zlib_compress = 0",
                "use_zlib_uncompress = 0");
        ChildJvm r = agentCommand("attach", pid, "config=" + conf);
        assertEquals(0, r.exit, r.output);
        assertTrue(r.output.contains("ATTACHED") && r.output.contains("compress: libdeflate; decompress: libdeflate"), r.output);
        r = agentCommand("status", pid, "-p", "1");
        assertEquals(0, r.exit, r.output);
        assertTrue(r.output.contains("no JMX connector was opened") && r.output.contains("Generation: 1"), r.output);
        r = agentCommand("detach", pid);
        assertEquals(0, r.exit, r.output);
        assertTrue(r.output.contains("Cassandra's own bytecode again"), r.output);
        r = agentCommand("status", pid, "-p", "1");
        assertTrue(r.output.contains("agent: not attached"), r.output);
    }

    // ---- helpers ----

    /** aarch64 children on the shaded jar, with the primary cassandra-all (5.0.9) only (the fork suites' other versions share its code). */
    private static ChildLauncher launcher(Map<String, String> more) throws IOException {
        Map<String, String> overrides = new HashMap<>(more);
        overrides.put("deflateaccel.cassandra.versions", CassandraJars.primary());
        String classPath = ChildLauncher.shadedJarClassPath(AGENT_JAR, Paths.get("target", "aarch64-agent-classes"));
        return new ChildLauncher(root.java(), classPath, overrides, "aarch64-jdk17", 17);
    }

    private ChildJvm agentCommand(String... args) throws Exception {
        List<String> all = new ArrayList<>(Arrays.asList("-jar", AGENT_JAR.toString()));
        all.addAll(Arrays.asList(args));
        return ChildJvm.run(tmp, root.java(), Collections.emptyMap(), Collections.emptyList(), null, all.toArray(new String[0]));
    }

    private String startIdleTarget() throws IOException {
        List<String> cmd = new ArrayList<>(root.java());
        cmd.add("-cp");
        cmd.add(AgentJarIT.cassandraClassPath(CassandraJars.primary()));
        cmd.add(IdleMain.class.getName());
        Process target = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        targets.add(target);
        IdleMain.awaitReady(target);
        // qemu-user runs the guest in its own process: the pid the guest JVM sees is this one.
        return Long.toString(pid(target));
    }

    @AfterEach
    void stopTargets() throws InterruptedException {
        for (Process p : targets) {
            p.destroy();
            p.waitFor(30, TimeUnit.SECONDS);
        }
    }

    private Path config(String... lines) throws IOException {
        Path f = Files.createTempFile(tmp, "zlib-accel", ".conf");
        Files.write(f, Arrays.asList(lines));
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-------"));
        return f;
    }
}
