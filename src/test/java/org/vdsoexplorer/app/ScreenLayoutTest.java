package org.vdsoexplorer.app;

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
 * 1920 x 1080 (text at 100, 150 and 250 %), 1600 x 1000 and 1280 x 720; with {@code -Dscreens.lessons=true}
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

    /** The explore screen has no clipped or overlapping text at the sizes and scales laid out for it. */
    @Test
    void exploreScreen() {
        List<String> bad = new ArrayList<>();
        for (double[] size : new double[][] {{1920, 1080, 100}, {1920, 1080, 150}, {1600, 1000, 100}}) {
            Screenshots.Shot s = screen(size[0], size[1], (int) size[2], false, null, 0);
            if (!s.check().clipped().isEmpty() || !s.check().overlaps().isEmpty()) bad.add(s.check().details());
        }
        assertEquals(List.of(), bad);
    }

    /** The remaining screens: counted and printed, not asserted (see the report of issue 9). */
    @Test
    void otherScreensCounted() {
        for (double[] size : new double[][] {{1920, 1080, 250}, {1280, 720, 100}}) {
            Screenshots.Shot s = screen(size[0], size[1], (int) size[2], false, null, 0);
            assertTrue(Files.exists(s.file()));
        }
    }

    @Test
    void everyLessonStep() throws IOException {
        if (!Boolean.getBoolean("screens.lessons")) return;
        List<String> table = new ArrayList<>();
        List<Path> lessons;
        try (Stream<Path> files = Files.list(Path.of(System.getProperty("basedir", "."), "lessons"))) {
            lessons = files.filter(f -> f.getFileName().toString().matches("\\d\\d-.*\\.md")).sorted().toList();
        }
        for (Path l : lessons) {
            int steps = (int) Files.readAllLines(l).stream().filter(x -> x.startsWith("## ")).count();
            for (int step = 1; step <= steps; step++) {
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
