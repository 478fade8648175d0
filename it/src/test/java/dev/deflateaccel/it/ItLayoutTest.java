package dev.deflateaccel.it;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.simpleName;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

/**
 * This module holds only the integration tests (it/README.md): they build on the node harness,
 * which knows nothing of them, and observe nodes from outside. The lab's rules are in its
 * HouseLayoutTest.
 */
class ItLayoutTest {
    private static final JavaClasses CLASSES = new ClassFileImporter()
            .importPackages("dev.deflateaccel.it", "dev.deflateaccel.harness", "dev.deflateaccel.bridge");

    @Test
    void harnessDoesNotDependOnTheTests() {
        noClasses().that().resideInAPackage("dev.deflateaccel.harness..")
                .should().dependOnClassesThat().resideInAPackage("dev.deflateaccel.it..").check(CLASSES);
    }

    /** Engines run only inside nodes, with the agent; a test that ran one in-process would prove nothing about a node. */
    @Test
    void testsNeverRunAnEngineThemselves() {
        noClasses().that().resideInAPackage("dev.deflateaccel.it..")
                .should().dependOnClassesThat(resideInAPackage("dev.deflateaccel.bridge.engine..")
                        .and(not(simpleName("VendorLibraries"))))
                .because("VendorLibraries only finds Intel's libraries for a node's config")
                .check(CLASSES);
    }
}
