package org.vdsoexplorer.app.tools;

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
