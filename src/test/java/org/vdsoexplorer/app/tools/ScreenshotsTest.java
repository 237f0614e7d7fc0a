package org.vdsoexplorer.app.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;

/** Screenshots.write renders every view to a PNG with real pixels (target/screenshots). */
@ExtendWith(ApplicationExtension.class)
@org.junit.jupiter.api.Tag("acceptance") // the slow tier: failsafe runs it in ./mvnw verify (pom.xml)
class ScreenshotsTest {

    @Test
    void writesOnePngPerView() throws Exception {
        Path dir = Path.of(System.getProperty("basedir", "."), "target", "screenshots");
        List<Path> files = Screenshots.write(dir);
        for (String name : List.of("window.png", "code.png", "pages.png", "seqlock.png", "dispatch.png",
                "seqlock-retry.png", "dispatch-hyperv-5.13-rc1.png", "kernel.png")) {
            assertTrue(files.contains(dir.resolve(name)), name);
        }
        for (Path f : files) {
            assertTrue(Files.size(f) > 2000, f + " is too small");
            BufferedImage img = ImageIO.read(f.toFile());
            // the counters are one quiet strip (26 px at 100 %); every other picture is a view or a window
            int least = f.getFileName().toString().equals("counters.png") ? 20 : 40;
            assertTrue(img.getWidth() > 200 && img.getHeight() > least, f + " " + img.getWidth() + "x" + img.getHeight());
        }
        BufferedImage window = ImageIO.read(dir.resolve("window.png").toFile());
        assertEquals((int) Screenshots.WIDTH, window.getWidth());
        // not blank: the window has many distinct colours
        java.util.Set<Integer> colours = new java.util.HashSet<>();
        for (int y = 0; y < window.getHeight(); y += 7) {
            for (int x = 0; x < window.getWidth(); x += 7) colours.add(window.getRGB(x, y));
        }
        assertTrue(colours.size() > 20, "colours: " + colours.size());
    }
}
