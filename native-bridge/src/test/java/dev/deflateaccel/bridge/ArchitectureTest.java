package dev.deflateaccel.bridge;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

import org.junit.jupiter.api.Test;

/** The bridge's structure, for the rules Maven's module graph does not enforce. */
class ArchitectureTest {
    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.deflateaccel.bridge");

    /** Engines take plain values: config parsing and JMX stay in the bridge, so an engine can be used and tested alone. */
    @Test
    void enginesDependOnNeitherConfigNorJmx() {
        noClasses().that().resideInAPackage("dev.deflateaccel.bridge.engine..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.deflateaccel.bridge.config..",
                        "dev.deflateaccel.bridge.stats..", "javax.management..")
                .check(MAIN);
    }

    @Test
    void packagesHaveNoCycles() {
        slices().matching("dev.deflateaccel.(**)").should().beFreeOfCycles().check(MAIN);
    }
}
