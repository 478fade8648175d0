package dev.deflateaccel.agent;

import static dev.deflateaccel.bridge.Backports.pid;
import static dev.deflateaccel.bridge.Backports.readAllBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shaded jar's attach, reload, status and detach commands against a separate JVM (the primary
 * cassandra-all's DeflateCompressor loaded, no JMX port), and their refusals: a mismatched version,
 * an unknown pid (the same-user rule is stated), and a runtime without jdk.attach.
 */
class LiveCommandsIT {
    private static final Path AGENT_JAR = Paths.get(System.getProperty("deflateaccel.agent.jar",
            "target/deflate-accel-agent.jar")).toAbsolutePath();
    private static final String JAVA = Paths.get(System.getProperty("java.home"), "bin", "java").toString();

    @TempDir
    Path tmp;
    private Process target;

    @AfterEach
    void stopTarget() throws InterruptedException {
        if (target != null) {
            target.destroy();
            target.waitFor(30, TimeUnit.SECONDS);
        }
    }

    private String startTarget(String... jvmOptions) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(JAVA);
        cmd.addAll(Arrays.asList(jvmOptions));
        cmd.add("-cp");
        cmd.add(classPath());
        cmd.add(IdleMain.class.getName());
        target = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        IdleMain.awaitReady(target);
        return Long.toString(pid(target));
    }

    private static String classPath() {
        String version = CassandraJars.primary();
        return CassandraJars.nodeClassPath(version, CassandraJars.jnaVersionOf(version));
    }

    private Path config(String... lines) throws IOException {
        Path f = tmp.resolve("zlib-accel.conf");
        Files.write(f, Arrays.asList(lines));
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-------"));
        return f;
    }

    private static String[] run(String... args) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(JAVA);
        int jar = 0;
        while (jar < args.length && args[jar].startsWith("--")) {
            cmd.add(args[jar++]);
        }
        cmd.add("-jar");
        cmd.add(AGENT_JAR.toString());
        cmd.addAll(Arrays.asList(args).subList(jar, args.length));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        byte[] out = readAllBytes(p.getInputStream());
        assertTrue(p.waitFor(2, TimeUnit.MINUTES));
        return new String[] {Integer.toString(p.exitValue()), new String(out, StandardCharsets.UTF_8)};
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Test
    void attachStatusReloadDetachAndAttachAgain() throws Exception {
        String pid = startTarget();
        Path conf = config("use_qat_compress = 0", "use_qat_uncompress = 0", "use_zlib_compress = 0",
                "use_zlib_uncompress = 0");
        String[] r = run("attach", pid, "config=" + conf);
        assertEquals("0", r[0], r[1]);
        assertTrue(r[1].contains("ATTACHED") && r[1].contains("compress: libdeflate; decompress: libdeflate"), r[1]);

        r = run("attach", pid, "config=" + conf);
        assertEquals("1", r[0], r[1]);
        assertTrue(r[1].contains("already attached") && r[1].contains("reload " + pid), r[1]);

        String noJmx = Integer.toString(freePort());
        r = run("status", pid, "-p", noJmx);
        assertEquals("0", r[0], r[1]);
        assertTrue(r[1].contains("no JMX connector was opened") && r[1].contains("Generation: 1"), r[1]);

        Files.write(conf, Arrays.asList("use_qat_compress = 0", "use_qat_uncompress = 0", "use_libdeflate_compress = 0",
                "use_libdeflate_uncompress = 0"));
        r = run("reload", pid);
        assertEquals("0", r[0], r[1]);
        assertTrue(r[1].contains("generation 2") && r[1].contains("compress: zlib"), r[1]);

        Files.write(conf, Arrays.asList("use_zlib_compress = 7"));
        r = run("reload", pid);
        assertEquals("1", r[0], r[1]);
        assertTrue(r[1].startsWith("REFUSED") && r[1].contains("use_zlib_compress = '7'"), r[1]);

        r = run("detach", pid);
        assertEquals("0", r[0], r[1]);
        assertTrue(r[1].contains("Cassandra's own bytecode again"), r[1]);
        r = run("status", pid, "-p", noJmx);
        assertTrue(r[1].contains("agent: not attached"), r[1]);

        config("use_qat_compress = 0", "use_qat_uncompress = 0");
        r = run("attach", pid, "config=" + conf);
        assertEquals("0", r[0], r[1]);
        assertTrue(r[1].contains("ATTACHED"), r[1]);
    }

    @Test
    void aDifferentVersionAlreadyInTheJvmIsRefusedPointingToARestart() throws Exception {
        String pid = startTarget("-D" + LiveAgent.VERSION_PROPERTY + "=0.0.1-old");
        String[] r = run("attach", pid, "config=" + config("use_qat_compress = 0"));
        assertEquals("1", r[0], r[1]);
        assertTrue(r[1].contains("0.0.1-old") && r[1].contains("needs a restart"), r[1]);
    }

    @Test
    void anUnreachablePidStatesTheSameUserRule() throws Exception {
        String[] r = run("attach", "2147483646");
        assertEquals("1", r[0], r[1]);
        assertTrue(r[1].contains("same user"), r[1]);
    }

    @Test
    void aRuntimeWithoutJdkAttachSaysSo() throws Exception {
        // java.se is the Java SE platform without the JDK's tools: what a JRE image holds.
        String[] r = run("--limit-modules=java.se", "detach", "1");
        assertEquals("1", r[0], r[1]);
        assertTrue(r[1].contains("no jdk.attach module") && r[1].contains("JDK"), r[1]);
    }
}
