package dev.deflateaccel.it.scenarios;

import static com.datastax.oss.driver.api.core.ConsistencyLevel.ONE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import dev.deflateaccel.harness.CassandraNode;
import dev.deflateaccel.harness.DeflateSSTables;
import dev.deflateaccel.harness.EngineStats;
import dev.deflateaccel.harness.LogFile;
import dev.deflateaccel.harness.NodeSettings;
import dev.deflateaccel.harness.workload.DataVerifier;
import dev.deflateaccel.harness.workload.DataWriter;
import dev.deflateaccel.harness.workload.RowSet;
import dev.deflateaccel.harness.workload.TestTable;
import dev.deflateaccel.sample.SampleRows;

/**
 * Issue 58: the .deb as an operator installs it, then a stock 5.0 node started with exactly the
 * line the README gives, {@code -javaagent:/usr/share/deflate-accel/deflate-accel-agent.jar=config=/etc/zlib-accel.conf},
 * and the packaged config as shipped (every key at its default): the node serves its Deflate
 * table through libdeflate both ways, reads every row back, and Cassandra's own native calls,
 * which use the JNA in the node's lib/ (5.13.0, not the agent's), still work ("JNA mlockall
 * successful"). Needs root to install (CI runs as root); elsewhere it says once, at the start and
 * the end, that it did not run. The package is purged afterwards.
 */
@ExtendWith(SharedNodeExtension.class)
class PackagedAgentIT {
    static final String AGENT_LINE = "-javaagent:/usr/share/deflate-accel/deflate-accel-agent.jar=config=/etc/zlib-accel.conf";
    static final int ROWS = 20_000;
    private static final boolean REQUIRED = Boolean.getBoolean("deflateaccel.packages.required");
    private static String notRun;

    @BeforeAll
    static void installThePackage() throws Exception {
        Path deb = deb();
        if (deb == null) {
            notRun = "no deflate-accel_*_all.deb in " + System.getProperty("deflateaccel.dist.dir")
                    + " (dist's package phase builds it where dpkg-deb is installed)";
        } else if (!"0".equals(run("id", "-u").trim())) {
            notRun = "installing the package needs root (CI runs as root)";
        }
        if (notRun != null) {
            if (REQUIRED) {
                fail(notRun + ", and -Ddeflateaccel.packages.required=true asks for this test");
            }
            System.err.println("PackagedAgentIT did not run: " + notRun);
            Assumptions.abort(notRun);
        }
        assertTrue(!Files.exists(Paths.get("/usr/share/deflate-accel")), "deflate-accel is installed on this machine"
                + " already; the test installs and purges its own, so it stops here");
        // libdeflate0 and libisal2 (Recommends) are on CI's machine already: dpkg alone installs the package.
        run("dpkg", "-i", deb.toString());
    }

    @AfterAll
    static void purgeThePackage() throws Exception {
        if (notRun != null) {
            System.err.println("PackagedAgentIT did not run: " + notRun);
            return;
        }
        run("dpkg", "--purge", "deflate-accel");
    }

    @Test
    void aNodeStartedWithTheReadmesLineServesThroughLibdeflate(CassandraNode node) {
        node.stop();
        LogFile.Mark systemLogMark = node.systemLog().mark();
        node.start(NodeSettings.stock().jvmOption(AGENT_LINE));
        try {
            EngineStats before = node.engineStats();
            TestTable table = new TestTable("packaged", "rows", 16);
            SampleRows rows = new SampleRows(5858, 10);
            table.create(node.session(), 1);
            new DataWriter(node.session(), table, rows, ONE).writeAll(0, ROWS);
            DeflateSSTables.flushAndCompact(node, table);
            new DataVerifier(node.session(), table, rows).scan(ONE, RowSet.range(0, ROWS)).assertComplete();

            EngineStats delta = node.engineStats().since(before);
            EngineAssertions.servedBy(delta, EngineStats.COMPRESS, "libdeflate");
            EngineAssertions.servedBy(delta, EngineStats.DECOMPRESS, "libdeflate");
            assertTrue(node.systemLog().linesSince(systemLogMark).stream().anyMatch(l -> l.contains("JNA mlockall successful")),
                    "Cassandra's own JNA calls must still work beside the agent's: " + node.systemLog().path());
            assertEquals(List.of(), node.systemLog().errorsSince(systemLogMark), "ERROR lines in " + node.systemLog().path());
        } finally {
            node.stop();
        }
    }

    private static Path deb() throws IOException {
        Path dir = Paths.get(System.getProperty("deflateaccel.dist.dir", "../dist/target"));
        if (!Files.isDirectory(dir)) {
            return null;
        }
        List<Path> debs = new ArrayList<>();
        try (DirectoryStream<Path> found = Files.newDirectoryStream(dir, "deflate-accel_*_all.deb")) {
            found.forEach(debs::add);
        }
        return debs.size() == 1 ? debs.get(0) : null;
    }

    /** Runs a command to its end; its output, or an AssertionError with it when it fails. */
    private static String run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(2, TimeUnit.MINUTES) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new AssertionError(String.join(" ", command) + " failed:\n" + new String(out, StandardCharsets.UTF_8));
        }
        return new String(out, StandardCharsets.UTF_8);
    }
}
