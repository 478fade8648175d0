package dev.deflateaccel.dist;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The .deb and .rpm that dist's {@code mvn package} builds beside the archive. Without root only
 * what the files hold is checked (control, changelog, lintian, the RPM's paths and scripts); as
 * root (CI) the .deb goes through apt-get as an operator's would: install, the wrapper, the doctor,
 * an upgrade that keeps an edited /etc/zlib-accel.conf, a remove that warns while Cassandra's
 * options still load the jar, and a purge. The machine is left as it was found.
 */
class PackagesIT {
    private static final Path ARCHIVE = Paths.get(System.getProperty("deflateaccel.release.archive"));
    private static final String VERSION = System.getProperty("deflateaccel.project.version");
    private static final Path REPO = Paths.get(System.getProperty("deflateaccel.repo.root", ".."));
    private static final Path PACKAGING = Paths.get(System.getProperty("deflateaccel.packaging"));
    private static final boolean REQUIRED = Boolean.getBoolean("deflateaccel.packages.required");
    private static final String PKG_VERSION = VERSION.replace('-', '~');
    private static final Path DEB = ARCHIVE.resolveSibling("deflate-accel_" + PKG_VERSION + "_all.deb");
    private static final Path RPM = ARCHIVE.resolveSibling("deflate-accel-" + PKG_VERSION + "-1.noarch.rpm");
    private static final String JAR = "/usr/share/deflate-accel/deflate-accel-agent.jar";
    private static final Path CONF = Paths.get("/etc/zlib-accel.conf");
    private static final Path ETC_CASSANDRA = Paths.get("/etc/cassandra");
    private static final List<String> LIBS = Arrays.asList("libdeflate0", "libisal2");

    @TempDir
    Path tmp;

    // ---- what the files hold (any user) ----

    @Test
    void debControlSaysRecommendsNoJavaAndAConffile() throws Exception {
        need(DEB, "dpkg-deb");
        assertEquals("libdeflate0, libisal2", run(null, "dpkg-deb", "-f", DEB.toString(), "Recommends").out.trim());
        // The node brings its own Java: no Depends at all.
        assertEquals("", run(null, "dpkg-deb", "-f", DEB.toString(), "Depends").out.trim());
        assertEquals(PKG_VERSION, run(null, "dpkg-deb", "-f", DEB.toString(), "Version").out.trim());
        Path control = tmp.resolve("control");
        assertEquals(0, run(null, "dpkg-deb", "-e", DEB.toString(), control.toString()).exit);
        assertEquals("/etc/zlib-accel.conf\n", Files.readString(control.resolve("conffiles")));
        String prerm = Files.readString(control.resolve("prerm"));
        assertTrue(prerm.contains(Files.readString(PACKAGING.resolve("remove-warning.sh"))), prerm);

        Path root = tmp.resolve("root");
        assertEquals(0, run(null, "dpkg-deb", "-x", DEB.toString(), root.toString()).exit);
        // The config ConfigSampleTest checks, and the jar this reactor built.
        assertArrayEquals(Files.readAllBytes(Paths.get(System.getProperty("deflateaccel.sample"))),
                Files.readAllBytes(root.resolve("etc/zlib-accel.conf")));
        assertArrayEquals(Files.readAllBytes(REPO.resolve("agent/target/deflate-accel-agent.jar")),
                Files.readAllBytes(root.resolve(JAR.substring(1))));
        assertTrue(Files.isExecutable(root.resolve("usr/bin/deflate-accel")));
        assertTrue(Files.isRegularFile(root.resolve("usr/share/lintian/overrides/deflate-accel")));
        assertTrue(Files.readString(root.resolve("usr/share/doc/deflate-accel/copyright"))
                .startsWith("Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"));
        assertChangelogFollowsChangelogMd(run(null, "sh", "-c",
                "gzip -dc " + root.resolve("usr/share/doc/deflate-accel/changelog.gz")).out);
    }

    /** The Debian changelog is CHANGELOG.md's sections from this version down, newest first. */
    private static void assertChangelogFollowsChangelogMd(String debian) throws IOException {
        List<String> md = Files.readAllLines(REPO.resolve("CHANGELOG.md"));
        List<String> expected = new ArrayList<>();
        String base = VERSION.replaceAll("[-+~].*", "");
        for (String line : md) {
            Matcher m = Pattern.compile("^## \\[([^]]+)\\]").matcher(line);
            if (m.find() && (!expected.isEmpty() || m.group(1).equals(base))) {
                expected.add(expected.isEmpty() ? PKG_VERSION : m.group(1));
            }
        }
        List<String> actual = debian.lines().map(l -> Pattern.compile("^deflate-accel \\(([^)]+)\\) stable; urgency=medium$").matcher(l))
                .filter(Matcher::matches).map(m -> m.group(1)).collect(Collectors.toList());
        assertEquals(expected, actual, debian);
        assertFalse(expected.isEmpty(), "CHANGELOG.md has no section for " + base);
        String flat = debian.replaceAll("\\s+", " ");
        for (String line : md) {
            if (line.startsWith("- ")) {
                String start = line.substring(2, Math.min(line.length(), 40)).replace("`", "");
                assertTrue(flat.contains(start.replaceAll("\\s+", " ")), "not in the Debian changelog: " + line);
            }
        }
    }

    @Test
    void lintianFindsNoErrorAndNoWarningThatIsNotOverridden() throws Exception {
        need(DEB, "lintian");
        Run lintian = run(null, "lintian", DEB.toString());
        List<String> tags = lintian.out.lines().filter(l -> l.matches("^[EW]: .*")).collect(Collectors.toList());
        assertEquals(List.of(), tags, lintian.out);
        assertEquals(0, lintian.exit, lintian.out);
    }

    @Test
    void rpmHoldsTheSamePathsKeepsTheConfigAndWarnsAtRemoval() throws Exception {
        need(RPM, "rpm");
        need(DEB, "dpkg-deb");
        Set<String> rpm = new TreeSet<>(run(null, "rpm", "-qlp", RPM.toString()).out.lines().collect(Collectors.toList()));
        Set<String> debFiles = new TreeSet<>();
        Set<String> debDirs = new TreeSet<>();
        for (String line : run(null, "dpkg-deb", "-c", DEB.toString()).out.lines().collect(Collectors.toList())) {
            String path = line.substring(line.indexOf("./") + 1);
            if (path.endsWith("/")) {
                debDirs.add(path.substring(0, path.length() - 1));
            } else if (!path.startsWith("/usr/share/lintian/")) {
                debFiles.add(path);
            }
        }
        // RPM systems get the licence text itself (no /usr/share/common-licenses there).
        debFiles.add("/usr/share/licenses/deflate-accel/LICENSE");
        Set<String> rpmFiles = new TreeSet<>(rpm);
        rpmFiles.removeAll(debDirs);
        assertEquals(debFiles, rpmFiles);

        String flags = run(null, "rpm", "-qp", "--qf", "[%{FILENAMES} %{FILEFLAGS:fflags}\\n]", RPM.toString()).out;
        assertTrue(flags.lines().anyMatch(l -> l.equals("/etc/zlib-accel.conf cn")), "%config(noreplace):\n" + flags);
        assertEquals(List.of("isa-l", "libdeflate"),
                run(null, "rpm", "-qp", "--recommends", RPM.toString()).out.lines().sorted().collect(Collectors.toList()));
        String requires = run(null, "rpm", "-qp", "--requires", RPM.toString()).out;
        assertFalse(requires.toLowerCase().contains("java") || requires.contains("jre"), requires);
        String scripts = run(null, "rpm", "-qp", "--scripts", RPM.toString()).out;
        assertTrue(scripts.contains("preuninstall scriptlet"), scripts);
        assertTrue(scripts.contains("if [ \"$1\" -eq 0 ]; then\n" + Files.readString(PACKAGING.resolve("remove-warning.sh"))), scripts);
    }

    /**
     * On a host that has neither engine library, apt brings both with the package: simulated
     * against an empty dpkg status (apt-get -s, no root, nothing installed), since this machine
     * has both already and removing them would take the -dev packages other tests need.
     */
    @Test
    void onAHostWithoutTheEnginesAptBringsThem() throws Exception {
        need(DEB, "apt-get");
        Path emptyStatus = Files.createFile(tmp.resolve("empty-dpkg-status"));
        Run simulated = run(null, "apt-get", "-s", "-o", "Dir::State::status=" + emptyStatus, "install", DEB.toString());
        assertEquals(0, simulated.exit, simulated.out);
        for (String pkg : List.of("deflate-accel", "libdeflate0", "libisal2")) {
            assertTrue(simulated.out.contains("\nInst " + pkg + " "), pkg + " not installed with the package:\n"
                    + simulated.out);
        }
    }

    // ---- as an operator's apt-get would (root) ----

    @Test
    void installRunUpgradeRemoveAndPurgeWithApt() throws Exception {
        need(DEB, "dpkg-deb");
        if (!"0".equals(run(null, "id", "-u").out.trim())) {
            System.err.println("PackagesIT: the apt-get install/upgrade/remove/purge test did not run: it needs root (CI runs it as root)");
            Assumptions.abort("needs root");
        }
        assertNotEquals("installed", packageState("deflate-accel"),
                "deflate-accel is installed on this machine; the test installs and purges its own, so it stops here");
        assertTrue(run(null, "apt-config", "dump", "APT::Install-Recommends").out.matches("(?s).*\"(1|true)\";.*"),
                "apt must install Recommends, or libdeflate0 and libisal2 would not come with the package");
        Map<String, String> env = new HashMap<>(System.getenv());
        env.keySet().removeAll(List.of("CASSANDRA_CONF", "CASSANDRA_HOME", "JAVA_HOME"));
        env.put("DEBIAN_FRONTEND", "noninteractive");
        List<String> libsBefore = LIBS.stream().filter(l -> !"installed".equals(packageState(l))).collect(Collectors.toList());
        Path confBackup = Files.exists(CONF) ? Files.move(CONF, tmp.resolve("zlib-accel.conf.before")) : null;
        boolean etcCassandraMade = false;
        try {
            Run install = run(env, "apt-get", "install", "-y", DEB.toString());
            assertEquals(0, install.exit, install.out);
            for (String lib : LIBS) {
                assertEquals("installed", packageState(lib), lib + " (Recommends):\n" + install.out);
            }
            assertEquals(PKG_VERSION, run(null, "dpkg-query", "-W", "-f=${Version}", "deflate-accel").out);

            Run usage = run(env, "deflate-accel");
            assertEquals(2, usage.exit, usage.out);
            assertTrue(usage.out.contains("usage: deflate-accel COMMAND"), usage.out);
            for (String command : List.of("doctor", "status", "attach", "detach", "advise", "version")) {
                assertTrue(usage.out.contains("\n  " + command + " "), command + ":\n" + usage.out);
            }

            Map<String, String> noJava = new HashMap<>(env);
            noJava.put("PATH", tmp.resolve("no-java-here").toString());
            Run none = run(noJava, "/usr/bin/deflate-accel", "doctor");
            assertNotEquals(0, none.exit, none.out);
            assertEquals("deflate-accel: no Java found: set JAVA_HOME or install a JRE (Debian: apt-get install "
                    + "openjdk-17-jre-headless; RPM: dnf install java-17-openjdk-headless)\n", none.out);

            Map<String, String> withJava = new HashMap<>(env);
            withJava.put("JAVA_HOME", System.getProperty("java.home"));
            String using = "deflate-accel: using " + System.getProperty("java.home") + "/bin/java (from JAVA_HOME)";
            Run version = run(withJava, "deflate-accel", "version");
            assertEquals(0, version.exit, version.out);
            assertEquals(using + "\ndeflate-accel " + VERSION + "\n", version.out);

            Run doctor = run(withJava, "deflate-accel", "doctor");
            assertEquals(0, doctor.exit, doctor.out);
            List<String> lines = doctor.out.lines().collect(Collectors.toList());
            assertEquals(using, lines.get(0), doctor.out);
            assertTrue(lines.contains("Config: " + CONF), doctor.out);
            assertEquals("Result: OK", lines.get(lines.size() - 1), doctor.out);
            if (!Files.exists(ETC_CASSANDRA)) {
                assertTrue(lines.stream().anyMatch(l -> l.startsWith("Cassandra: none found")), doctor.out);
            }

            // An operator's edit, then a higher version over it: dpkg keeps the edit (the package's
            // copy did not change, so no question is asked either).
            String edit = "\n# edited by PackagesIT\nlog_level = 2\n";
            Files.writeString(CONF, edit, StandardOpenOption.APPEND);
            String higher = VERSION.replaceAll("[-+~].*", "") + "+upgradetest";
            Path out = Files.createDirectory(tmp.resolve("higher"));
            Run build = run(null, "bash", PACKAGING.resolve("build-packages.sh").toString(), higher, ARCHIVE.toString(),
                    REPO.resolve("CHANGELOG.md").toString(), out.toString(), "deb");
            assertEquals(0, build.exit, build.out);
            Run upgrade = run(env, "apt-get", "install", "-y", out.resolve("deflate-accel_" + higher + "_all.deb").toString());
            assertEquals(0, upgrade.exit, upgrade.out);
            assertEquals(higher, run(null, "dpkg-query", "-W", "-f=${Version}", "deflate-accel").out);
            assertTrue(Files.readString(CONF).endsWith(edit), "the edit survives the upgrade");
            assertFalse(upgrade.out.contains("deflate-accel: WARNING"), "an upgrade is not a removal:\n" + upgrade.out);

            // Remove while Cassandra's options still load the jar: a warning per file, nothing fails,
            // and the config stays. $CASSANDRA_CONF is read too.
            List<Path> options = new ArrayList<>();
            String line = "-javaagent:" + JAR + "=config=/etc/zlib-accel.conf\n";
            if (!Files.exists(ETC_CASSANDRA)) {
                etcCassandraMade = true;
                options.add(Files.writeString(Files.createDirectory(ETC_CASSANDRA).resolve("jvm-server.options"), line));
            }
            Path conf = Files.createDirectory(tmp.resolve("cassandra-conf"));
            options.add(Files.writeString(conf.resolve("jvm17-server.options"), "-Xss256k\n" + line));
            Map<String, String> withConf = new HashMap<>(env);
            withConf.put("CASSANDRA_CONF", conf.toString());
            Run remove = run(withConf, "apt-get", "remove", "-y", "deflate-accel");
            assertEquals(0, remove.exit, remove.out);
            for (Path f : options) {
                assertTrue(remove.out.contains("deflate-accel: WARNING: " + f + " still loads " + JAR), f + ":\n" + remove.out);
                assertTrue(Files.readString(f).contains(line), "Cassandra's file is left alone: " + f);
            }
            assertFalse(Files.exists(Paths.get(JAR)));
            assertTrue(Files.readString(CONF).endsWith(edit), "remove keeps the config");

            Run purge = run(env, "apt-get", "purge", "-y", "deflate-accel");
            assertEquals(0, purge.exit, purge.out);
            assertFalse(Files.exists(CONF), "purge removes /etc/zlib-accel.conf");
            assertNotEquals("installed", packageState("deflate-accel"));
        } finally {
            run(env, "dpkg", "--purge", "deflate-accel");
            if (etcCassandraMade) {
                run(null, "rm", "-rf", ETC_CASSANDRA.toString());
            }
            if (confBackup != null) {
                Files.move(confBackup, CONF, StandardCopyOption.REPLACE_EXISTING);
            }
            if (!libsBefore.isEmpty()) {
                List<String> cmd = new ArrayList<>(List.of("apt-get", "purge", "-y"));
                cmd.addAll(libsBefore);
                run(env, cmd.toArray(new String[0]));
            }
        }
    }

    // ---- helpers ----

    /** The package file and a tool to read it, or a skip (a failure with -Ddeflateaccel.packages.required=true). */
    private static void need(Path pkg, String tool) throws Exception {
        String missing = !Files.isRegularFile(pkg) ? pkg + " was not built (see the build's 'deflate-accel packages:' line)"
                : run(null, "sh", "-c", "command -v " + tool).exit != 0 ? tool + " is not installed" : null;
        if (missing != null) {
            if (REQUIRED) {
                fail(missing + ", and -Ddeflateaccel.packages.required=true asks for the package tests");
            }
            Assumptions.abort(missing);
        }
    }

    /** "installed", or what dpkg-query says instead ("" when it knows nothing of it). */
    private static String packageState(String name) {
        try {
            String status = run(null, "dpkg-query", "-W", "-f=${Status}", name).out.trim();
            return status.endsWith(" installed") ? "installed" : status;
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static final class Run {
        final int exit;
        final String out;

        Run(int exit, String out) {
            this.exit = exit;
            this.out = out;
        }
    }

    /** Runs a command (in env when given), stdout and stderr together. */
    private static Run run(Map<String, String> env, String... command) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        if (env != null) {
            pb.environment().clear();
            pb.environment().putAll(env);
        }
        Path log = Files.createTempFile("packages-it", ".log");
        try {
            Process p = pb.redirectOutput(log.toFile()).start();
            if (!p.waitFor(5, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new AssertionError("timed out: " + String.join(" ", command));
            }
            return new Run(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
        } finally {
            Files.delete(log);
        }
    }
}
