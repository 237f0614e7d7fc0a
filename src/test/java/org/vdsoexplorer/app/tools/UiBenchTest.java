package org.vdsoexplorer.app.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;

/** The frame-time benchmark runs the window at full speed and measures frames (no thresholds: CI machines vary). */
@ExtendWith(ApplicationExtension.class)
class UiBenchTest {

    @Test
    void fullSpeedRunProducesFramesAndModelSteps() {
        UiBench.Result r = UiBench.run(1.5);
        assertTrue(r.frames() > 0, "frames: " + r);
        assertTrue(r.modelSteps() > 1000, "model steps: " + r);
        assertTrue(r.p50() > 0 && r.p99() >= r.p50(), r.toString());
        assertTrue(r.fxCpuMsPerFrame() > 0 && r.renderCpuMsPerFrame() > 0, "CPU per frame of the FX and render threads: " + r);
        // each frame as --frames writes it: as many as measured, their intervals adding up to the measured time, the
        // live views named in the window's order, and the refreshes tallied per view the same as the summary's
        assertEquals(r.frames(), r.each().size(), "one line per measured frame");
        double sum = r.each().stream().mapToDouble(UiBench.Frame::intervalMs).sum();
        assertTrue(Math.abs(sum - 1500) < 3 * r.max() + 50, "the frames' intervals add up to " + sum + " ms of the 1,500 measured");
        assertEquals(java.util.List.of("counters", "code", "dispatch", "pages", "seqlock"), r.viewNames());
        for (UiBench.ViewCost v : r.views()) {
            long refreshed = r.each().stream().filter(f -> f.refreshed() == v.view()).count();
            assertTrue(Math.abs(refreshed - v.refreshes()) <= 1, r.viewNames().get(v.view()) + ": " + refreshed + " frames, summary " + v.refreshes());
        }
        String[] csv = UiBench.framesCsv(r).split("\n");
        assertEquals("interval_ms,fx_cpu_ms,render_cpu_ms,refreshed,refresh_ms,model_ms", csv[0]);
        assertEquals(r.each().size() + 1, csv.length);
        assertTrue(java.util.Arrays.stream(csv).skip(1).anyMatch(l -> l.contains(",counters,")), "the counters' refreshes are named");
    }

    /** The two floors run no model; the present floor draws every frame, the idle one (nothing changes) does not. */
    @Test
    void presentFloorDrawsEveryFrameAndIdleFloorDoesNot() {
        UiBench.Result idle = UiBench.run(1.5, UiBench.Mode.IDLE);
        UiBench.Result present = UiBench.run(1.5, UiBench.Mode.PRESENT);
        assertTrue(idle.modelSteps() == 0 && present.modelSteps() == 0, "model steps: " + idle + " / " + present);
        assertTrue(present.frames() > 0 && idle.frames() > 0, idle + " / " + present);
        assertTrue(present.renderCpuMsPerFrame() > 2 * idle.renderCpuMsPerFrame(),
                "render thread CPU per frame, present " + present.renderCpuMsPerFrame() + " ms, idle " + idle.renderCpuMsPerFrame() + " ms");
    }
}
