package dev.deflateaccel.agent;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue #8 point 1: for any arguments, every public entry point of the woven DeflateCompressor
 * behaves exactly as stock: the same result, or the same exception type. One forked JVM per
 * engine configuration (so a crash fails this test, not Maven) runs the 315 cases of
 * {@link ArgumentContractCases} on the stock class of every cassandra-all version and then on
 * the woven class, and this test compares them case by case. It also fails when a case matched
 * stock only because an engine threw (UnexpectedException) or native code ran with arguments
 * stock rejects ("declined too late"), and when the engine never served a call.
 *
 * <p>Run: {@code mvn -B -o -pl native-bridge,agent -am test -Dtest=ArgumentContractTest
 * -Dsurefire.failIfNoSpecifiedTests=false}, optionally {@code -Ddeflateaccel.forks.engines=igzip,libdeflate}.
 * Each engine's report is printed and written to {@code agent/target/issue8-forks/jdkNN/contract-ENGINE.txt};
 * every child's command, output and fatal error log stay under
 * {@code agent/target/issue8-forks/jdkNN/contract/ENGINE/}. After a crash the remaining cases run in a
 * new JVM, up to 15 crashes per engine ({@code -Ddeflateaccel.forks.maxCrashes}); a crash that
 * does not happen alone is traced to the earlier case that prepared it with
 * {@code -Ddeflateaccel.forks.bisect=true}.
 */
class ArgumentContractTest {
    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.deflateaccel.agent.EngineExercised#chosen")
    void wovenBehavesAsStockForAnyArguments(EngineConfig engine) {
        EngineExercised.selected(engine);
        ForkedSuiteRun run = ForkedSuiteRun.run("contract", engine, 300, 15, true);
        String report = run.report();
        System.out.println(report);
        assertTrue(run.passed(), report);
        EngineExercised.check(run);
    }
}
