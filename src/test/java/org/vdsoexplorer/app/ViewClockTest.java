package org.vdsoexplorer.app;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.app.common.FrameClock;

/**
 * Views time what they animate on their window's {@link FrameClock} (issue 23 item 6): no class of the app reads
 * System.nanoTime() or currentTimeMillis(), or runs an AnimationTimer of its own, except FrameClock (the one real
 * clock) and the shipped QA tools under app/tools (they measure real time: bench-ui's frames, the sweep's duration).
 */
class ViewClockTest {
    static ArchRule viewsUseTheirWindowsClock(String app) {
        return noClasses().that().resideInAPackage(app + "..").and().resideOutsideOfPackage(app + ".tools..")
                .and(DescribedPredicate.not(JavaClass.Predicates.belongToAnyOf(FrameClock.class)))
                .should().callMethod(System.class, "nanoTime")
                .orShould().callMethod(System.class, "currentTimeMillis")
                .orShould().dependOnClassesThat().areAssignableTo(javafx.animation.AnimationTimer.class)
                .because("a view handed its window's FrameClock is driven by a test's manual clock as by JavaFX's pulse");
    }

    @Test
    void noViewReadsTheSystemClockOrRunsATimerOfItsOwn() {
        JavaClasses main = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.vdsoexplorer.app");
        assertTrue(main.size() > 50, "the app's classes were imported: " + main.size());
        viewsUseTheirWindowsClock("org.vdsoexplorer.app").check(main);
    }

    @Test
    void theRuleFailsOnAViewThatReadsTheClock() {
        JavaClasses bad = new ClassFileImporter().importPackages("org.vdsoexplorer.clockfixture");
        EvaluationResult r = viewsUseTheirWindowsClock("org.vdsoexplorer.clockfixture.app").evaluate(bad);
        assertTrue(r.hasViolation(), "the fixture breaks the rule");
        String report = String.join("\n", r.getFailureReport().getDetails());
        assertTrue(report.contains("ViewReadingTheClock") && report.contains("nanoTime"), report);
        assertTrue(report.contains("AnimationTimer"), report);
    }
}
