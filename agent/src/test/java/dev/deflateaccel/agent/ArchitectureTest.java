package dev.deflateaccel.agent;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

import org.junit.jupiter.api.Test;

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
    void adviceCallsOnlyCassandraRoute() {
        classes().that().haveNameMatching(".*DeflateCompressorAdvice.*")
                .should().onlyAccessClassesThat(
                        com.tngtech.archunit.base.DescribedPredicate.describe("CassandraRoute, the advice itself or the JDK",
                                c -> c.getName().equals(CassandraRoute.class.getName())
                                        || c.getName().startsWith("dev.deflateaccel.agent.DeflateCompressorAdvice")
                                        || c.getPackageName().startsWith("java.")
                                        || c.isPrimitive() || c.isArray()))
                .check(MAIN);
    }

    @Test
    void packagesHaveNoCycles() {
        slices().matching("dev.deflateaccel.(**)").should().beFreeOfCycles().check(MAIN);
    }
}
