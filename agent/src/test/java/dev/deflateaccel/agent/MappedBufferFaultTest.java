package dev.deflateaccel.agent;

import static dev.deflateaccel.bridge.Backports.javaFeature;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue #8 point 2: a MappedByteBuffer whose file was truncated under it (Cassandra's mmap disk
 * access mode, a file that shrinks or a page that cannot be read). Stock raises InternalError
 * (its ByteBuffer.get turns the SIGBUS into one); the woven class must raise the same, and the
 * JVM must survive. Stock's behaviour is measured in the same forked JVM, on the unwoven class.
 * See {@link MappedBufferFaultSuite} for the cases.
 *
 * <p>Java 14 and later only: before JDK-8191278 (fixed in 14) a bulk ByteBuffer.get from such a
 * mapping takes the SIGBUS in the VM's copy and the JVM dies, stock Cassandra's with it, so on
 * Java 8 and 11 (the jdk8 and jdk11 executions) there is no stock behaviour to match.
 */
class MappedBufferFaultTest {
    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.deflateaccel.agent.EngineExercised#chosenEngines")
    void aFaultingMappingGivesStocksInternalErrorAndTheJvmSurvives(EngineConfig engine) {
        assumeTrue(javaFeature() >= 14, "on Java " + javaFeature() + " a faulting mapping kills the JVM in stock"
                + " Cassandra's own ByteBuffer.get (JDK-8191278, fixed in 14): nothing to compare with");
        EngineExercised.selected(engine);
        ForkedSuiteRun run = ForkedSuiteRun.run("mapped", engine, 180, 30, false);
        String report = run.report();
        System.out.println(report);
        assertTrue(run.harnessFailures.isEmpty(), report);
        // The premise: stock throws InternalError exactly for the pages that fault.
        for (ForkedSuiteRun.CaseResult r : run.cases.values()) {
            boolean faults = r.name.contains("/truncated/") || r.name.contains("faulting-stream")
                    || r.name.contains("across-the-cut");
            if (faults) {
                assertEquals("threw java.lang.InternalError", r.stock, r.name + " [" + r.version + "] stock");
            } else {
                assertFalse(r.stock.startsWith("threw"), r.name + " [" + r.version + "] stock: " + r.stock);
            }
        }
        assertTrue(run.passed(), report);
        EngineExercised.check(run);
    }
}
