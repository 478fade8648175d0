package dev.deflateaccel.agent;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

import org.junit.jupiter.api.Test;

import dev.deflateaccel.agent.api.CurrentPacer;
import dev.deflateaccel.agent.api.CurrentRoute;

/** The agent's structure, for the rules Maven's module graph does not enforce. */
class ArchitectureTest {
    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.deflateaccel.agent");

    /**
     * Advice is inlined into Cassandra's class, where only what Cassandra's class loader sees is
     * reachable: it must call nothing but its one entry class (and the JDK).
     */
    @Test
    void adviceCallsOnlyCurrentRoute() {
        adviceCallsOnly("dev.deflateaccel.agent.DeflateCompressorAdvice", CurrentRoute.class);
    }

    /** The same for the advice woven into SequentialWriter: its one entry class is CurrentPacer. */
    @Test
    void writerAdviceCallsOnlyCurrentPacer() {
        adviceCallsOnly("dev.deflateaccel.agent.SequentialWriterAdvice", CurrentPacer.class);
    }

    private static void adviceCallsOnly(String advice, Class<?> entry) {
        classes().that().haveNameMatching(java.util.regex.Pattern.quote(advice) + ".*")
                .should().onlyAccessClassesThat(
                        com.tngtech.archunit.base.DescribedPredicate.describe(entry.getSimpleName() + ", the advice itself or the JDK",
                                c -> c.getName().equals(entry.getName())
                                        || c.getName().startsWith(advice)
                                        || c.getPackageName().startsWith("java.")
                                        || c.isPrimitive() || c.isArray()))
                .check(MAIN);
    }

    /**
     * The classes the jar keeps on the system class path (ClassPathIsolationIT.FOOTPRINT) are all
     * the system class loader can load of ours: they may use each other and the JDK, and reach
     * the rest only by name, through AgentClassLoader (else a node would fail with
     * NoClassDefFoundError where the tests, run from one classes directory, pass).
     */
    @Test
    void theSystemClassPathFootprintUsesOnlyItselfAndTheJdk() {
        java.util.Set<String> footprint = new java.util.HashSet<>();
        for (String entry : ClassPathIsolationIT.FOOTPRINT) {
            footprint.add(entry.substring(0, entry.length() - ".class".length()).replace('/', '.'));
        }
        classes().that(com.tngtech.archunit.base.DescribedPredicate.describe("are in the footprint",
                        c -> footprint.contains(c.getName())))
                .should().onlyDependOnClassesThat(
                        com.tngtech.archunit.base.DescribedPredicate.describe("the footprint or the JDK",
                                c -> footprint.contains(c.getName()) || c.getPackageName().startsWith("java.")
                                        || c.isPrimitive() || c.isArray()))
                .check(MAIN);
    }

    @Test
    void packagesHaveNoCycles() {
        slices().matching("dev.deflateaccel.(**)").should().beFreeOfCycles().check(MAIN);
    }
}
