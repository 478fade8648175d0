package dev.deflateaccel.it;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;

import org.junit.jupiter.api.Test;

/**
 * The module's layout (it/README.md): scenarios and programs build on the harness and the
 * workload, never on each other, and the harness knows nothing of what runs on it.
 */
class ItLayoutTest {
    private static final JavaClasses IT = new ClassFileImporter().importPackages("dev.deflateaccel.it");

    @Test
    void scenariosAndProgramsAreIndependent() {
        noClasses().that().resideInAPackage("..it.scenarios..")
                .should().dependOnClassesThat().resideInAPackage("..it.programs..").check(IT);
        noClasses().that().resideInAPackage("..it.programs..")
                .should().dependOnClassesThat().resideInAPackage("..it.scenarios..").check(IT);
    }

    @Test
    void harnessAndWorkloadDoNotDependOnWhatRunsOnThem() {
        noClasses().that().resideInAnyPackage("..it.harness..", "..it.workload..")
                .should().dependOnClassesThat().resideInAnyPackage("..it.scenarios..", "..it.programs..").check(IT);
    }

    @Test
    void packagesHaveNoCycles() {
        slices().matching("dev.deflateaccel.it.(*)..").should().beFreeOfCycles().check(IT);
    }
}
