package dev.deflateaccel.agent;

import static dev.deflateaccel.bridge.Backports.lines;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import dev.deflateaccel.bridge.engine.VendorLibraries;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The QAT and IAA engines on Intel's real QATzip and QPL, through their software paths
 * ({@code -Ddeflateaccel.vendorSoftwarePaths=true}), inside a JVM started with the shaded jar as
 * {@code -javaagent} and the primary cassandra-all's (5.0.9; 4.1 on Java 8) real DeflateCompressor ({@link WovenInteropMain}):
 * interop with stock zlib both ways at every size from 1 to 64 KiB on heap, direct and mapped
 * buffers; Cassandra's CompressorTest contract; and 16 threads sharing 4 contexts, so that calls
 * also find every context busy and go on to Cassandra's own code.
 */
class VendorSoftwarePathIT {
    private static final Path AGENT_JAR = Paths.get(System.getProperty("deflateaccel.agent.jar",
            "target/deflate-accel-agent.jar")).toAbsolutePath();
    private static final String JAVA = Paths.get(System.getProperty("java.home"), "bin", "java").toString();

    @TempDir
    Path tmp;

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = EngineConfig.class, names = {"QAT_VENDOR_SOFTWARE", "IAA_VENDOR_SOFTWARE"})
    void interopCompressorTestAndSixteenThreadsOnFourContexts(EngineConfig engine) throws Exception {
        assumeTrue(VendorLibraries.present(), VendorLibraries.NOT_RUN);
        List<String> lines = new ArrayList<>(engine.configLines());
        lines.add("max_native_contexts = 4");
        Path conf = tmp.resolve("zlib-accel.conf");
        Files.write(conf, lines);
        Files.setPosixFilePermissions(conf, PosixFilePermissions.fromString("rw-------"));

        ChildJvm r = ChildJvm.run(tmp, JAVA, Arrays.asList("-XX:+UseSerialGC", "-Ddeflateaccel.vendorSoftwarePaths=true",
                "-javaagent:" + AGENT_JAR + "=config=" + conf), AgentJarIT.cassandraClassPath(CassandraJars.primary()),
                WovenInteropMain.class.getName(), engine.engine(), tmp.resolve("work").toString(), "16");
        System.out.println(lines(r.output).filter(l -> l.matches("^[A-Z-]+ .*|^ALL-OK")).reduce("", (a, b) -> a + b + "\n"));
        assertEquals(0, r.exit, r.output);
        assertTrue(r.output.contains("\nALL-OK\n"), r.output);
    }
}
