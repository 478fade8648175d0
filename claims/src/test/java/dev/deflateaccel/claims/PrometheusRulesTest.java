package dev.deflateaccel.claims;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The alert rules docs/monitoring.md gives operators are a real rules file, and they do what the page
 * says: {@code promtool check rules} accepts it and {@code promtool test rules} runs its unit tests,
 * one file for Cassandra 4.0-5.0 (the agent's series are in Cassandra's registry) and one for 6.0
 * (whose registry refuses them, so no rule may fire for a 6.0 node). promtool comes with Debian's
 * {@code prometheus} package, which .ci/run installs and then requires
 * ({@code -Ddeflateaccel.promtool.required=true}); elsewhere, without promtool, the test is skipped
 * and says so at the start and at the end of the class.
 */
class PrometheusRulesTest {
    static final Path DIR = Paths.get("..").toAbsolutePath().normalize().resolve("docs/prometheus");
    static final String RULES = "deflate-accel-rules.yml";
    static final List<String> TESTS = Arrays.asList("deflate-accel-rules.test-4.0-5.0.yml", "deflate-accel-rules.test-6.0.yml");
    static final String NOT_RUN = "PrometheusRulesTest did not run: no promtool on PATH (apt-get install prometheus;"
            + " CI requires it with -Ddeflateaccel.promtool.required=true)";
    private static String promtool;

    @BeforeAll
    static void findPromtool() {
        promtool = onPath("promtool");
        if (promtool == null) {
            if (Boolean.getBoolean("deflateaccel.promtool.required")) {
                fail("no promtool on PATH, and -Ddeflateaccel.promtool.required=true asks for the rules' tests");
            }
            System.err.println(NOT_RUN);
        }
    }

    @AfterAll
    static void sayAgainIfNotRun() {
        if (promtool == null) {
            System.err.println(NOT_RUN);
        }
    }

    @Test
    void theRulesFileIsValid() throws Exception {
        Assumptions.assumeTrue(promtool != null, NOT_RUN);
        Run r = run(promtool, "check", "rules", RULES);
        assertEquals(0, r.exit, "promtool check rules " + RULES + ":\n" + r.out);
        assertTrue(r.out.contains("6 rules found"), "expected the six rules docs/monitoring.md lists:\n" + r.out);
    }

    @Test
    void theRulesPassTheirUnitTestsFor40To50AndFor60() throws Exception {
        Assumptions.assumeTrue(promtool != null, NOT_RUN);
        List<String> cmd = new ArrayList<>(Arrays.asList(promtool, "test", "rules"));
        cmd.addAll(TESTS);
        Run r = run(cmd.toArray(new String[0]));
        assertEquals(0, r.exit, "promtool test rules:\n" + r.out);
        for (String test : TESTS) {
            assertTrue(r.out.contains("Unit Testing:  " + test), "promtool did not run " + test + ":\n" + r.out);
        }
    }

    /** A broken rule must fail its unit tests, or the tests above prove nothing. */
    @Test
    void aRuleThatAlsoFiresForUnlabelledNodesFailsItsTests() throws Exception {
        Assumptions.assumeTrue(promtool != null, NOT_RUN);
        Path copy = Files.createTempDirectory("deflate-accel-rules");
        try {
            String rules = new String(Files.readAllBytes(DIR.resolve(RULES)), StandardCharsets.UTF_8);
            String broken = rules.replace("up{deflate_accel=\"expected\"} == 1", "up == 1");
            assertTrue(!broken.equals(rules), "the not-loaded rule no longer reads the deflate_accel label");
            Files.write(copy.resolve(RULES), broken.getBytes(StandardCharsets.UTF_8));
            for (String test : TESTS) {
                Files.copy(DIR.resolve(test), copy.resolve(test));
            }
            List<String> cmd = new ArrayList<>(Arrays.asList(promtool, "test", "rules"));
            cmd.addAll(TESTS);
            Run r = runIn(copy, cmd.toArray(new String[0]));
            assertTrue(r.exit != 0 && r.out.contains("DeflateAccelNotLoaded"), "the broken rule passed:\n" + r.out);
        } finally {
            try (java.util.stream.Stream<Path> files = Files.list(copy)) {
                for (Path p : (Iterable<Path>) files::iterator) {
                    Files.delete(p);
                }
            }
            Files.delete(copy);
        }
    }

    private static String onPath(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            Path p = Paths.get(dir, tool);
            if (Files.isExecutable(p)) {
                return p.toString();
            }
        }
        return null;
    }

    private static final class Run {
        final int exit;
        final String out;

        Run(int exit, String out) {
            this.exit = exit;
            this.out = out;
        }
    }

    private static Run run(String... cmd) throws IOException, InterruptedException {
        return runIn(DIR, cmd);
    }

    private static Run runIn(Path dir, String... cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        byte[] out = readAll(p);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "promtool did not finish in 60 s");
        return new Run(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    }

    private static byte[] readAll(Process p) throws IOException {
        java.io.ByteArrayOutputStream buf = new java.io.ByteArrayOutputStream();
        byte[] b = new byte[8192];
        for (int n; (n = p.getInputStream().read(b)) > 0; ) {
            buf.write(b, 0, n);
        }
        return buf.toByteArray();
    }
}
