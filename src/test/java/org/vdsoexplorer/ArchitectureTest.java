package org.vdsoexplorer;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaConstructorCall;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import com.tngtech.archunit.lang.conditions.ArchConditions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.sim.Machine;
import org.vdsoexplorer.sim.kernel.Kernel;

/**
 * The layering, checked by ArchUnit on the compiled classes (every use counts, imported or written out in
 * full): util &lt;- sim (the simulator: no JavaFX, nothing else of the project) &lt;- report &lt;- lesson, host
 * (live lab, validate) &lt;- session (the headless view-model, no scene graph) &lt;- app (the views) and cli (the
 * headless commands: no UI; it reads demo files and builds export-gif's request, both session values, while the
 * app never uses the CLI); no package cycles; views never build a kernel or a machine. See ARCHITECTURE.md. Every rule is a function of the root package, so the
 * same rule also runs on {@code org.vdsoexplorer.archfixture} (test classes that break each rule) to show
 * that it fails when it should.
 */
class ArchitectureTest {
    static final String ROOT = "org.vdsoexplorer";
    static final String FIXTURE = ROOT + ".archfixture";

    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(ROOT);

    static ArchRule modelHasNoUi(String root) {
        return noClasses().that().resideInAnyPackage(root + ".sim..", root + ".report..", root + ".lesson..", root + ".host..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.controlsfx..", root + ".app..",
                        root + ".session..", root + ".cli..")
                .because("the simulator, reports, lessons and host side run headless (CLI, tests, session) and know nothing above them");
    }

    /** The layers, bottom up; a layer uses only the ones below it (the launcher, {@code Main}, may use any). */
    static ArchRule layers(String root) {
        return layeredArchitecture().consideringOnlyDependenciesInLayers().withOptionalLayers(true)
                .layer("Util").definedBy(root + ".util..")
                .layer("Simulator").definedBy(root + ".sim..")
                .layer("Reports").definedBy(root + ".report..")
                .layer("Lessons").definedBy(root + ".lesson..")
                .layer("Host").definedBy(root + ".host..")
                .layer("Session").definedBy(root + ".session..")
                .layer("Cli").definedBy(root + ".cli..")
                .layer("App").definedBy(root + ".app..")
                .layer("Launcher").definedBy(root)
                .whereLayer("Util").mayNotAccessAnyLayer()
                .whereLayer("Simulator").mayOnlyAccessLayers("Util")
                .whereLayer("Reports").mayOnlyAccessLayers("Simulator", "Util")
                .whereLayer("Lessons").mayOnlyAccessLayers("Reports", "Simulator", "Util")
                .whereLayer("Host").mayOnlyAccessLayers("Reports", "Simulator", "Util")
                .whereLayer("Session").mayOnlyAccessLayers("Lessons", "Reports", "Simulator", "Util")
                .whereLayer("Cli").mayOnlyAccessLayers("Session", "Host", "Lessons", "Reports", "Simulator", "Util")
                .whereLayer("App").mayOnlyAccessLayers("Session", "Host", "Lessons", "Reports", "Simulator", "Util")
                .whereLayer("Launcher").mayNotBeAccessedByAnyLayer()
                .because("each layer is tested and run without the ones above it (ARCHITECTURE.md)");
    }

    static ArchRule cliHasNoUi(String root) {
        return noClasses().that().resideInAPackage(root + ".cli..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.controlsfx..", root + ".app..",
                        root + ".viewmodel..")
                .because("the headless commands run without a toolkit");
    }

    static ArchRule viewModelHasNoSceneGraph(String root) {
        return noClasses().that().resideInAPackage(root + ".session..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx.scene..", "javafx.stage..", "javafx.fxml..",
                        "org.controlsfx..", root + ".app..")
                .because("the view-model is tested without a stage (javafx.beans and javafx.concurrent are fine)");
    }

    static ArchRule noPackageCycles(String root) {
        return slices().matching(root + ".(**)").should().beFreeOfCycles();
    }

    static ArchRule viewsDoNotBuildKernelsOrMachines(String root) {
        return noClasses().that().resideInAPackage(root + ".app..")
                .should(callAConstructorOf(Kernel.class, Machine.class))
                .because("views project the view-model's model instances");
    }

    private static ArchCondition<JavaClass> callAConstructorOf(Class<?>... types) {
        List<Class<?>> ts = List.of(types);
        return ArchConditions.callConstructorWhere(DescribedPredicate.describe(
                "a constructor of " + ts.stream().map(Class::getSimpleName).toList(),
                (JavaConstructorCall c) -> ts.stream().anyMatch(t -> c.getTargetOwner().isEquivalentTo(t))));
    }

    @Test void modelHasNoUi() { modelHasNoUi(ROOT).check(MAIN); }

    @Test void layers() { layers(ROOT).check(MAIN); }

    @Test void cliHasNoUi() { cliHasNoUi(ROOT).check(MAIN); }

    @Test void viewModelHasNoSceneGraph() { viewModelHasNoSceneGraph(ROOT).check(MAIN); }

    @Test void noPackageCycles() { noPackageCycles(ROOT).check(MAIN); }

    @Test void viewsDoNotBuildKernelsOrMachines() { viewsDoNotBuildKernelsOrMachines(ROOT).check(MAIN); }

    @Test void theRulesSeeEveryLayer() {
        for (String p : List.of("util", "sim", "report", "lesson", "host", "session", "app", "cli")) {
            assertTrue(MAIN.stream().anyMatch(c -> c.getPackageName().startsWith(ROOT + "." + p + ".")
                    || c.getPackageName().equals(ROOT + "." + p)), p + " has no classes: the rules would pass vacuously");
        }
    }

    /** Each rule, on the fixture classes that break it, reports that class. */
    @Test void eachRuleFailsOnAViolation() {
        JavaClasses bad = new ClassFileImporter().importPackages(FIXTURE);
        assertViolated(modelHasNoUi(FIXTURE), bad, "ModelWithJavaFx");
        assertViolated(layers(FIXTURE), bad, "SimulatorUsingALesson");
        assertViolated(layers(FIXTURE), bad, "ViewBuildingAMachine.cli()"); // the app may not use the CLI (issue 23 item 3)
        assertViolated(cliHasNoUi(FIXTURE), bad, "CliCallingTheView");
        assertViolated(viewModelHasNoSceneGraph(FIXTURE), bad, "ViewModelWithNode");
        assertViolated(noPackageCycles(FIXTURE), bad, "ViewBuildingAMachine");
        assertViolated(viewsDoNotBuildKernelsOrMachines(FIXTURE), bad, "ViewBuildingAMachine");
    }

    private static void assertViolated(ArchRule rule, JavaClasses classes, String culprit) {
        EvaluationResult r = rule.evaluate(classes);
        assertTrue(r.hasViolation(), "no violation of: " + rule.getDescription());
        String report = r.getFailureReport().toString();
        assertTrue(report.contains(culprit), report);
    }
}
