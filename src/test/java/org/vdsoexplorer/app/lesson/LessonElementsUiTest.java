package org.vdsoexplorer.app.lesson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.vdsoexplorer.app.Fx.fx;

import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;
import org.vdsoexplorer.app.HeadlessStage;
import org.vdsoexplorer.app.MainWindow;
import org.vdsoexplorer.app.VdsoExplorerApp;
import org.vdsoexplorer.lesson.View;

/** Every element name a lesson may highlight (model.lesson.View) finds a node in the main window. */
@ExtendWith(ApplicationExtension.class)
class LessonElementsUiTest {
    private MainWindow w;

    @Start
    void start(Stage stage) { w = HeadlessStage.show(stage, VdsoExplorerApp.defaultSetup()); }

    @Stop
    void stop() { w.dispose(); }

    @Test
    void everyElementResolves() {
        MainWindowLessonHost host = fx(() -> new MainWindowLessonHost(w));
        fx(() -> {
            w.compare(); // the comparison's elements exist once its tab was built
            return null;
        });
        for (View v : View.values()) {
            for (String e : v.elements()) assertNotNull(fx(() -> host.find(v, e)), v + " element " + e);
        }
        assertEquals("pages-offset", fx(() -> host.find(View.PAGES, "offset").getId()), "the offset addition");
        assertEquals("seqlock-timeline", fx(() -> host.find(View.SEQLOCK, "timeline").getId()), "the seqlock timeline");
    }
}
