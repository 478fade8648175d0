package dev.deflateaccel.dist;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.stream.Collectors;

import dev.deflateaccel.bridge.config.ConfigKey;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The release archive as an operator receives it: the .sha256 beside it checks with
 * {@code sha256sum -c}, {@code tar -xzf} gives the documented layout, and the unpacked jar's
 * doctor, given the sample config as /etc/zlib-accel.conf, runs on defaults with Result: OK.
 */
class ReleaseArchiveIT {
    private static final Path ARCHIVE = Paths.get(System.getProperty("deflateaccel.release.archive"));
    private static final String VERSION = System.getProperty("deflateaccel.project.version");
    private static final Path REPO = Paths.get(System.getProperty("deflateaccel.repo.root", ".."));
    private static final String TOP = "deflate-accel-" + VERSION + "/";
    private static final String JAVA = Paths.get(System.getProperty("java.home"), "bin", "java").toString();

    @TempDir
    Path tmp;

    @Test
    void archiveAndChecksumAreNamedByVersion() throws Exception {
        assertEquals("deflate-accel-" + VERSION + "-bin.tar.gz", ARCHIVE.getFileName().toString());
        Path sha = sibling(".sha256");
        String line = Files.readString(sha, StandardCharsets.US_ASCII);
        // sha256sum's own format: 64 hex digits, two spaces, the file name (no directory), newline.
        assertEquals(sha256(ARCHIVE) + "  " + ARCHIVE.getFileName() + "\n", line);
    }

    @Test
    void downloadVerifyUnpackAndRunTheDoctorOnTheSample() throws Exception {
        // "Download": the archive and its checksum land in one directory.
        Path downloads = Files.createDirectory(tmp.resolve("downloads"));
        Path archive = Files.copy(ARCHIVE, downloads.resolve(ARCHIVE.getFileName()));
        Files.copy(sibling(".sha256"), downloads.resolve(ARCHIVE.getFileName() + ".sha256"));

        Run check = run(downloads, "sha256sum", "-c", ARCHIVE.getFileName() + ".sha256");
        assertEquals(0, check.exit, check.output);
        assertTrue(check.output.contains(ARCHIVE.getFileName() + ": OK"), check.output);

        Run list = run(downloads, "tar", "-tzf", archive.toString());
        assertEquals(0, list.exit, list.output);
        Set<String> entries = list.output.lines().skip(1).filter(l -> !l.endsWith("/")).collect(Collectors.toCollection(TreeSet::new));
        Set<String> expected = new TreeSet<>();
        for (String f : List.of("deflate-accel-agent.jar", "zlib-accel.conf.sample", "jmx_exporter-deflate-accel.yml", "LICENSE",
                "NOTICE", "README")) {
            expected.add(TOP + f);
        }
        assertEquals(expected, entries);

        Path opt = Files.createDirectory(tmp.resolve("opt"));
        Run untar = run(opt, "tar", "-xzf", archive.toString());
        assertEquals(0, untar.exit, untar.output);
        Path home = opt.resolve(TOP);
        Path jar = home.resolve("deflate-accel-agent.jar");

        // What was built in this reactor, not a stale copy from a local repository.
        assertArrayEquals(Files.readAllBytes(REPO.resolve("agent/target/deflate-accel-agent.jar")), Files.readAllBytes(jar));
        try (JarFile j = new JarFile(jar.toFile())) {
            assertEquals(VERSION, j.getManifest().getMainAttributes().getValue("Implementation-Version"));
        }
        assertArrayEquals(Files.readAllBytes(REPO.resolve("LICENSE")), Files.readAllBytes(home.resolve("LICENSE")));
        assertArrayEquals(Files.readAllBytes(REPO.resolve("NOTICE")), Files.readAllBytes(home.resolve("NOTICE")));
        assertTrue(Files.readString(home.resolve("LICENSE")).contains("Apache License\n                           Version 2.0, January 2004"));
        assertArrayEquals(Files.readAllBytes(Paths.get(System.getProperty("deflateaccel.sample"))),
                Files.readAllBytes(home.resolve("zlib-accel.conf.sample")));
        String readme = Files.readString(home.resolve("README"));
        for (String step : List.of("sha256sum -c", "conf/jvm-server.options", "/etc/cassandra/jvm-server.options",
                "/usr/share/cassandra/lib", "-javaagent:/opt/deflate-accel/deflate-accel-agent.jar=config=/etc/zlib-accel.conf")) {
            assertTrue(readme.contains(step), "README must cover " + step);
        }
        for (Path f : Files.list(home).collect(Collectors.toList())) {
            String perms = PosixFilePermissions.toString(Files.getPosixFilePermissions(f));
            assertEquals("rw-r--r--", perms, f + ": not group- or world-writable, so a node can trust it as is");
        }

        // The sample installed as the operator would (install -m 0644), then the doctor on it.
        Path etc = Files.createDirectory(tmp.resolve("etc"));
        Path conf = Files.copy(home.resolve("zlib-accel.conf.sample"), etc.resolve("zlib-accel.conf"));
        Files.setPosixFilePermissions(conf, PosixFilePermissions.fromString("rw-r--r--"));
        Run doctor = run(tmp, JAVA, "-jar", jar.toString(), "doctor", "config=" + conf);
        assertEquals(0, doctor.exit, doctor.output);
        List<String> out = doctor.output.lines().skip(1).collect(Collectors.toList());
        assertEquals("deflate-accel " + VERSION + " doctor", out.get(0), doctor.output);
        assertTrue(out.contains("Config: " + conf), doctor.output);
        for (ConfigKey key : ConfigKey.values()) {
            String value = key.isText() ? "" : String.valueOf(key.defaultValue());
            assertTrue(out.contains("  " + key.key() + " = " + value + "   (default)"), key.key() + " must be at its default:\n" + doctor.output);
        }
        assertFalse(doctor.output.contains("WARNING"), doctor.output);
        assertEquals("Result: OK", out.get(out.size() - 1), doctor.output);
    }

    // ---- helpers ----

    private static Path sibling(String suffix) {
        return ARCHIVE.resolveSibling(ARCHIVE.getFileName() + suffix);
    }

    private static String sha256(Path file) throws Exception {
        byte[] digest = MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file));
        StringBuilder hex = new StringBuilder();
        for (byte b : digest) {
            hex.append(String.format("%02x", b));
        }
        return hex.toString();
    }

    private static final class Run {
        final int exit;
        final String output;

        Run(int exit, String output) {
            this.exit = exit;
            this.output = output;
        }
    }

    /** Runs a command in a directory; the output starts with the command line. */
    private Run run(Path dir, String... command) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(Arrays.asList(command));
        Path log = Files.createTempFile(tmp, "run", ".log");
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        if (!p.waitFor(3, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("timed out: " + cmd);
        }
        return new Run(p.exitValue(), String.join(" ", cmd) + "\n" + Files.readString(log, StandardCharsets.UTF_8));
    }
}
