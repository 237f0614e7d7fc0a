package org.vdsoexplorer.app;

import org.vdsoexplorer.app.common.FontScale;
import org.vdsoexplorer.app.common.DrawnText;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * The screens people use, rendered headless and checked with {@link LayoutCheck}: the explore screen at
 * 1920 x 1080 (text at 100, 150 and 250 %), 1600 x 1000 and 1280 x 720; with {@code -Dscreens.lessons=all} (or
 * {@code first}: each lesson's first step)
 * also every lesson step in presenter mode at 1920 x 1080 (100/150/250 %), beside the lesson panel at
 * 1600 x 1000 and at 1280 x 720 (a printed table; long, so not in every build). PNGs in target/screens.
 */
@ExtendWith(ApplicationExtension.class)
class ScreenLayoutTest {
    static final Path DIR = Path.of(System.getProperty("basedir", "."), "target", "screens");

    static Screenshots.Shot screen(double w, double h, int scale, boolean presenter, Path lesson, int step) {
        Screenshots.Shot s = Screenshots.screen(ScreenOptions.screen(DIR, w, h, scale, presenter, lesson, step));
        System.out.println(s.file().getFileName() + ": " + s.check().details());
        return s;
    }

    /**
     * The explore screen has no clipped or overlapping text at the sizes laid out for it, and no canvas text
     * under 14 px at 1920 x 1080 (the canvas views' own text; CSS text is counted in the summary).
     */
    @Test
    void exploreScreen() {
        List<String> bad = new ArrayList<>();
        for (double[] size : new double[][] {{1920, 1080, 100}, {1600, 1000, 100}}) {
            Screenshots.Shot s = screen(size[0], size[1], (int) size[2], false, null, 0);
            if (!s.check().clipped().isEmpty() || !s.check().overlaps().isEmpty()) bad.add(s.check().details());
        }
        assertEquals(List.of(), bad);
    }

    /**
     * The canvas views' text: never under 14 px at 100 % on 1920 x 1080; at 150 % the seqlock labels are 1.5
     * times that and the dispatch labels larger than at 100 %.
     */
    @Test
    void canvasTextScales() {
        MainWindow w = Fx.fx(() -> {
            MainWindow m = new MainWindow(org.vdsoexplorer.model.Setup.of(org.vdsoexplorer.model.kernel.Scenario.TIMENS,
                    org.vdsoexplorer.model.Variant.TIMENS_INLINE, org.vdsoexplorer.model.kernel.Clock.MONOTONIC),
                    Screenshots.WIDTH, Screenshots.HEIGHT);
            m.setReducedMotion(true);
            Screenshots.explore(m.session());
            LayoutCheck.check(m.root());
            return m;
        });
        double[] at100 = Fx.fx(() -> new double[] {smallest(w.dispatch()), smallest(w.seqlock())});
        assertTrue(at100[0] >= FontScale.MIN_PX && at100[1] >= FontScale.MIN_PX, java.util.Arrays.toString(at100));
        double[] at150 = Fx.fx(() -> {
            w.root().setStyle("-fx-font-size: 24px;");
            LayoutCheck.check(w.root());
            return new double[] {smallest(w.dispatch()), smallest(w.seqlock())};
        });
        // the timeline's labels grow by the scale; the dispatch nodes grow as far as their boxes (same pane size) allow
        assertTrue(at150[1] >= 1.5 * FontScale.MIN_PX - 0.01, java.util.Arrays.toString(at150));
        assertTrue(at150[0] > at100[0], at100[0] + " at 100 %, " + at150[0] + " at 150 %");
        Fx.fxRun(w::dispose);
    }

    private static double smallest(DrawnText v) {
        assertTrue(!v.drawnText().isEmpty(), v + " drew no text");
        return v.drawnText().stream().mapToDouble(DrawnText.Box::fontSize).min().orElseThrow();
    }

    /**
     * Laptop size: below the grid's threshold the views go two-up with a strip (ViewLayout), and beside the
     * lesson panel the step's view gets the space (lesson 2 step 2 had a 100 px C pane): nothing clipped or
     * overlapping.
     */
    @Test
    void laptopScreens() {
        List<String> bad = new ArrayList<>();
        for (Path lesson : new Path[] {null, Path.of(System.getProperty("basedir", "."), "lessons", "02-seqlock.md")}) {
            Screenshots.Shot s = screen(1280, 720, 100, false, lesson, lesson == null ? 0 : 2);
            if (!s.check().clipped().isEmpty() || !s.check().overlaps().isEmpty()) bad.add(s.check().details());
        }
        assertEquals(List.of(), bad);
    }

    /** The remaining screens: counted and printed, not asserted (see the report of issue 9). */
    @Test
    void otherScreensCounted() {
        for (double[] size : new double[][] {{1920, 1080, 150}, {1920, 1080, 250}}) {
            Screenshots.Shot s = screen(size[0], size[1], (int) size[2], false, null, 0);
            assertTrue(Files.exists(s.file()));
        }
    }

    @Test
    void everyLessonStep() throws IOException {
        String which = System.getProperty("screens.lessons", "");
        if (which.isEmpty()) return;
        boolean firstOnly = which.equals("first");
        List<String> table = new ArrayList<>();
        List<Path> lessons;
        try (Stream<Path> files = Files.list(Path.of(System.getProperty("basedir", "."), "lessons"))) {
            lessons = files.filter(f -> f.getFileName().toString().matches("\\d\\d-.*\\.md")).sorted().toList();
        }
        for (Path l : lessons) {
            int steps = (int) Files.readAllLines(l).stream().filter(x -> x.startsWith("## ")).count();
            for (int step = 1; step <= (firstOnly ? 1 : steps); step++) {
                for (int scale : new int[] {100, 150, 250}) {
                    table.add(row(screen(1920, 1080, scale, true, l, step)));
                }
                table.add(row(screen(1600, 1000, 100, false, l, step)));
                table.add(row(screen(1280, 720, 100, false, l, step)));
            }
        }
        System.out.println(String.join("\n", table));
    }

    private static String row(Screenshots.Shot s) {
        return s.file().getFileName() + ": " + s.check().summary();
    }
}
