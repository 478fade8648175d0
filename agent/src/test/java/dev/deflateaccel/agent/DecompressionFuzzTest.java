package dev.deflateaccel.agent;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue #8 point 8: decompression fuzzing through the woven DeflateCompressor with every engine,
 * QAT and IAA emulators included; the oracle is stock DeflateCompressor (unwoven, in the same
 * forked JVM) on the same bytes and output sizes. Generator: {@link ZlibFuzzInputs}; cases:
 * {@link DecompressionFuzzSuite}.
 *
 * <p>Budget in {@code mvn verify}: per engine, 20000 cases or 8 s of stock phase, whichever
 * comes first (the woven phase runs the same cases), about 90 s for the five engines; the reruns
 * on Java 8, 11 and 25 (agent/pom.xml) check 5,000 cases per engine. A longer
 * run, e.g. 10 minutes of stock phase per engine on libdeflate and igzip only, with another seed:
 * <pre>
 * mvn -B -o -pl native-bridge,agent -am test -Dtest=DecompressionFuzzTest -Dsurefire.failIfNoSpecifiedTests=false \
 *     -Ddeflateaccel.fuzz.seconds=600 -Ddeflateaccel.fuzz.cases=100000000 \
 *     -Ddeflateaccel.forks.engines=libdeflate,igzip -Ddeflateaccel.fuzz.seed=12345
 * </pre>
 * The case count reached is printed and written to {@code agent/target/issue8-forks/jdkNN/fuzz-ENGINE.txt};
 * a differing case is reproduced by its seed and number ({@code #N} in its name).
 */
class DecompressionFuzzTest {
    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.deflateaccel.agent.EngineExercised#chosenEngines")
    void wovenDecompressionMatchesStockOnFuzzedStreams(EngineConfig engine) {
        EngineExercised.selected(engine);
        double seconds = Double.parseDouble(System.getProperty(DecompressionFuzzSuite.SECONDS, "8"));
        ForkedSuiteRun run = ForkedSuiteRun.run("fuzz", engine, (long) (3 * seconds) + 180, 10, true);
        String report = run.report();
        System.out.println(report);
        assertTrue(run.passed(), report);
        EngineExercised.check(run);
        if (engine.usesVendorLibraries()) {
            int owed = EngineConfig.vendorFuzzCasesOwed();
            assertTrue(run.checked >= owed, "Intel's libraries owe " + owed + " cases: " + report);
        }
    }
}
