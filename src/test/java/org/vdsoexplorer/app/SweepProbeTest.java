package org.vdsoexplorer.app;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SweepProbeTest {
    @Test
    void probe() {
        Path base = Path.of(System.getProperty("basedir", "."));
        String which = System.getProperty("probe.configs", "0,1,2,3,4,5");
        List<ScreenSweep.Config> cs = new ArrayList<>();
        for (String s : which.split(",")) cs.add(ScreenSweep.Config.CLASSROOM.get(Integer.parseInt(s)));
        long t = System.nanoTime();
        for (ScreenSweep.Outcome o : ScreenSweep.run(cs, base.resolve("lessons"), base.resolve("target/sweep"))) {
            System.out.println("SWEEP " + o.details() + "\nWINDOW " + o.windowNanos() / 1e9);
            for (ScreenSweep.Image i : o.images()) if (i.check().smallestFont() < 14) System.out.println("SMALL " + o.config().name() + " " + i.name() + " " + i.check().smallestFont() + " " + i.check().smallestText());
        }
        System.out.println("TOTAL " + (System.nanoTime() - t) / 1e9);
    }
}
