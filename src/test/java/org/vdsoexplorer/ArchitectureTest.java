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
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.sim.CallResult;
import org.vdsoexplorer.sim.Listings;
import org.vdsoexplorer.sim.Lockstep;
import org.vdsoexplorer.sim.Machine;
import org.vdsoexplorer.sim.SeqlockTrace;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.SetupText;
import org.vdsoexplorer.sim.asm.Instruction;
import org.vdsoexplorer.sim.asm.Listing;
import org.vdsoexplorer.sim.asm.ListingDiff;
import org.vdsoexplorer.sim.asm.Operand;
import org.vdsoexplorer.sim.asm.Registers;
import org.vdsoexplorer.sim.asm.SourceLine;
import org.vdsoexplorer.sim.cost.CostTable;
import org.vdsoexplorer.sim.dispatch.Dispatch;
import org.vdsoexplorer.sim.event.Event;
import org.vdsoexplorer.sim.event.EventSink;
import org.vdsoexplorer.sim.event.Location;
import org.vdsoexplorer.sim.kernel.DataLayout;
import org.vdsoexplorer.sim.kernel.Field;
import org.vdsoexplorer.sim.kernel.Kernel;
import org.vdsoexplorer.sim.kernel.VvarLocation;
import org.vdsoexplorer.sim.timing.Core;
import org.vdsoexplorer.sim.timing.CorePick;
import org.vdsoexplorer.sim.timing.Pipeline;
import org.vdsoexplorer.sim.timing.TimelineText;
import org.vdsoexplorer.sim.timing.TimingModel;
import org.vdsoexplorer.sim.timing.TimingTable;

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
                .layer("App").definedBy(JavaClass.Predicates.resideInAPackage(root + ".app..")
                        .and(DescribedPredicate.not(JavaClass.Predicates.resideInAPackage(root + ".app.tools.."))))
                .layer("Tools").definedBy(root + ".app.tools..")
                .layer("Launcher").definedBy(root)
                .whereLayer("Util").mayNotAccessAnyLayer()
                .whereLayer("Simulator").mayOnlyAccessLayers("Util")
                .whereLayer("Reports").mayOnlyAccessLayers("Simulator", "Util")
                .whereLayer("Lessons").mayOnlyAccessLayers("Reports", "Simulator", "Util")
                .whereLayer("Host").mayOnlyAccessLayers("Reports", "Simulator", "Util")
                .whereLayer("Session").mayOnlyAccessLayers("Lessons", "Reports", "Simulator", "Util")
                .whereLayer("Cli").mayOnlyAccessLayers("Session", "Host", "Lessons", "Reports", "Simulator", "Util")
                .whereLayer("App").mayOnlyAccessLayers("Session", "Host", "Lessons", "Reports", "Simulator", "Util")
                // the shipped QA tools (screenshots, bench-ui) are commands of the registry and drive the window
                .whereLayer("Tools").mayOnlyAccessLayers("App", "Cli", "Session", "Host", "Lessons", "Reports", "Simulator", "Util")
                .whereLayer("Launcher").mayNotBeAccessedByAnyLayer()
                .because("each layer is tested and run without the ones above it (ARCHITECTURE.md)");
    }

    static ArchRule cliHasNoUi(String root) {
        return noClasses().that().resideInAPackage(root + ".cli..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.controlsfx..", root + ".app..")
                .because("the headless commands run without a toolkit (the session layer they may use has no scene graph)");
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

    /**
     * The simulator's types the views may use, besides its enums (Variant, Clock, Scenario, PageKind, Category,
     * Compiler...): values that cannot change once made (records of values, the immutable listing and tables), pure
     * functions (DataLayout, Dispatch, TimelineText, Registers' names, Lockstep over panes, Listings' loader) and the
     * event sink a lesson watches with. A type listed with {@link #SIM_VALUE_FAMILIES} brings its nested types. Not
     * here, so out of the views' reach: Machine, Timeline, Interpreter, Cpu and its state, Kernel, AddressSpace, Page,
     * Pipeline, PathStats, OtherTask and every other stepping part: views read the session's ModelSnapshot instead.
     */
    static final Set<Class<?>> SIM_VALUES = Set.of(Setup.class, SetupText.class, CallResult.class, Listing.class, Instruction.class,
            Operand.class, SourceLine.class, ListingDiff.class, Registers.class, Listings.class, Lockstep.class,
            Lockstep.Pane.class, Field.class, VvarLocation.class, DataLayout.class, EventSink.class, CostTable.class,
            TimingTable.class, TimingModel.class, TimelineText.class, Pipeline.Slot.class);
    static final Set<Class<?>> SIM_VALUE_FAMILIES = Set.of(Event.class, Location.class, SeqlockTrace.class, Dispatch.class,
            Core.class, CorePick.class, CostTable.class, TimingTable.class);

    /** A type of the simulator that is not one of its values ({@link #SIM_VALUES}, its enums): mutable model state. */
    static final DescribedPredicate<JavaClass> MUTABLE_SIM_TYPE = DescribedPredicate.describe(
            "a mutable type of the simulator (not an enum, nor one of ArchitectureTest.SIM_VALUES)", c -> {
                JavaClass t = c.isArray() ? c.getBaseComponentType() : c;
                if (!t.getPackageName().startsWith(ROOT + ".sim") || t.isEnum()) return false;
                if (SIM_VALUES.stream().anyMatch(t::isEquivalentTo)) return false;
                JavaClass outer = t;
                while (outer.getEnclosingClass().isPresent()) outer = outer.getEnclosingClass().get();
                JavaClass top = outer;
                return SIM_VALUE_FAMILIES.stream().noneMatch(top::isEquivalentTo);
            });

    /**
     * Views read the model only through the session's immutable snapshot (session.ModelSnapshot): no class of the app
     * uses the simulator's mutable types, so no view can read a live register array or change the model behind the
     * session's back.
     */
    static ArchRule viewsReadOnlyTheSnapshot(String root) {
        return noClasses().that().resideInAPackage(root + ".app..")
                .should().dependOnClassesThat(MUTABLE_SIM_TYPE)
                .because("the views draw the session's ModelSnapshot, a read-only copy of the model (ARCHITECTURE.md)");
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

    @Test void viewsReadOnlyTheSnapshot() { viewsReadOnlyTheSnapshot(ROOT).check(MAIN); }

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
        assertViolated(viewsReadOnlyTheSnapshot(FIXTURE), bad, "ViewReadingTheRegisters");
    }

    private static void assertViolated(ArchRule rule, JavaClasses classes, String culprit) {
        EvaluationResult r = rule.evaluate(classes);
        assertTrue(r.hasViolation(), "no violation of: " + rule.getDescription());
        String report = r.getFailureReport().toString();
        assertTrue(report.contains(culprit), report);
    }
}
