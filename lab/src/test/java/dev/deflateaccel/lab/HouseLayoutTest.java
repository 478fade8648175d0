package dev.deflateaccel.lab;

import static com.tngtech.archunit.base.DescribedPredicate.or;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.simpleName;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.simpleNameEndingWith;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The arrows between the modules (docs/architecture.md), checked on the compiled classes: the
 * product (sample-data, native-bridge, agent) knows nothing of the node harness or the lab; the
 * harness knows nothing of the lab; the harness reads the bridge only from outside (engine facts,
 * config keys, statistics), and the lab never reaches into an engine's native bindings or the
 * bridge's file trust; and nothing forms a cycle. Maven's module graph already forbids the
 * product to compile against the others; this also catches reflection-free shortcuts such as a
 * copied class, and names the rule when it breaks.
 */
class HouseLayoutTest {
    private static final JavaClasses LAB_AND_HARNESS = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.deflateaccel.lab", "dev.deflateaccel.harness", "dev.deflateaccel.bridge", "dev.deflateaccel.sample");

    /** The product's own compiled classes, from the reactor's earlier modules (tests run from lab/). */
    private static JavaClasses product() {
        List<Path> dirs = new ArrayList<>();
        for (String module : List.of("sample-data", "native-bridge", "agent")) {
            Path classes = Path.of("..", module, "target", "classes");
            assertTrue(Files.isDirectory(classes), classes + " is missing: build the product first (mvn -pl lab -am verify builds it)");
            dirs.add(classes);
        }
        return new ClassFileImporter().importPaths(dirs);
    }

    @Test
    void productKnowsNothingOfTheHouseAroundIt() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage(
                "dev.deflateaccel.lab..", "dev.deflateaccel.harness..", "dev.deflateaccel.it..")
                .check(product());
    }

    @Test
    void harnessKnowsNothingOfTheLab() {
        noClasses().that().resideInAPackage("dev.deflateaccel.harness..")
                .should().dependOnClassesThat().resideInAPackage("dev.deflateaccel.lab..")
                .check(LAB_AND_HARNESS);
    }

    /** Nodes are observed from outside: the harness never runs an engine itself. */
    @Test
    void harnessReadsTheBridgeOnlyFromOutside() {
        noClasses().that().resideInAPackage("dev.deflateaccel.harness..")
                .should().dependOnClassesThat().resideInAnyPackage(
                        "dev.deflateaccel.bridge.engine..", "dev.deflateaccel.bridge.files..")
                .check(LAB_AND_HARNESS);
    }

    /** Benchmarks drive engines through their public types, as the bridge does, never their bindings. */
    @Test
    void labNeverReachesIntoTheBridgesInternals() {
        noClasses().that().resideInAPackage("dev.deflateaccel.lab..")
                .should().dependOnClassesThat(or(
                        resideInAPackage("dev.deflateaccel.bridge.files.."),
                        simpleNameEndingWith("Natives"),
                        simpleName("NativeBinding"),
                        simpleName("NativeBuffer"),
                        simpleName("ContextPool")))
                .check(LAB_AND_HARNESS);
    }

    /**
     * The lab's top package holds what every program shares (data sets, machine, engine check);
     * the programs and their tools sit above it, so it never depends on them. The slices below
     * leave the top package out, so this is the rule that keeps it out of cycles.
     */
    @Test
    void labTopPackageDependsOnNoneOfItsPrograms() {
        noClasses().that().resideInAPackage("dev.deflateaccel.lab")
                .should().dependOnClassesThat().resideInAnyPackage("dev.deflateaccel.lab.*..")
                .check(LAB_AND_HARNESS);
    }

    @Test
    void noCyclesBetweenModulesOrPackages() {
        slices().matching("dev.deflateaccel.(*)..").should().beFreeOfCycles().check(LAB_AND_HARNESS);
        slices().matching("dev.deflateaccel.lab.(*)..").should().beFreeOfCycles().check(LAB_AND_HARNESS);
        slices().matching("dev.deflateaccel.harness.(*)..").should().beFreeOfCycles().check(LAB_AND_HARNESS);
    }
}
