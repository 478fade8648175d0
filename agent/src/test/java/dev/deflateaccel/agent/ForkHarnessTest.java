package dev.deflateaccel.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Collections;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

/**
 * The fork harness of the issue #8 tests, on {@link HarnessCheckSuite}: it must report a
 * deliberately wrong expectation as a difference, a crash (with the JVM's fatal error log) and a
 * hang as failures naming their case, resume after each, and not report anything else.
 */
class ForkHarnessTest {
    static final long HANG_TIMEOUT_SECONDS = 8;

    @Test
    void reportsDifferencesCrashesAndHangsAndResumes() {
        // The child that hangs is stopped at this timeout, so it is most of this test's time (it
        // ran on four JVMs in CI); the children that do not hang finish in 1-2 s.
        ForkedSuiteRun run = ForkedSuiteRun.run("harness-check", EngineConfig.NONE, HANG_TIMEOUT_SECONDS, 5, true);
        String report = run.report();
        assertEquals(Collections.emptyList(), run.harnessFailures, report);
        assertFalse(run.passed(), report);

        assertEquals(Arrays.asList(HarnessCheckSuite.DIFFERS),
                run.differences().stream().map(r -> r.name).collect(Collectors.toList()), report);
        assertEquals(Arrays.asList(HarnessCheckSuite.CRASHES, HarnessCheckSuite.HANGS),
                run.crashes.stream().map(c -> c.name).collect(Collectors.toList()), report);
        ForkedSuiteRun.Crash crash = run.crashes.get(0);
        assertTrue(crash.fatalErrorLog.contains("SIGSEGV"), report);
        assertEquals(Boolean.TRUE, crash.reproducedAlone, report);
        assertTrue(run.crashes.get(1).death.startsWith("hung"), report);

        for (String name : Arrays.asList(HarnessCheckSuite.SAME, HarnessCheckSuite.AFTER)) {
            ForkedSuiteRun.CaseResult r = run.cases.values().stream().filter(c -> c.name.equals(name)).findFirst()
                    .orElseThrow(() -> new AssertionError(name + " missing\n" + report));
            assertTrue(r.stock != null && r.stock.equals(r.woven), report);
        }
        assertEquals(0, run.unexpectedExceptions(), report);
    }
}
