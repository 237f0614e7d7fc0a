package org.vdsoexplorer.app;

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
}
