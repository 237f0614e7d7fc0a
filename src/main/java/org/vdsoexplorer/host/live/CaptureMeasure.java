package org.vdsoexplorer.host.live;

import java.io.IOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The live measurement of the calls a capture's code makes, on the captured machine: {@code live run}'s measured column
 * and the Your kernel tab's. Only when this machine's [vdso] is byte for byte the captured one (same kernel, same
 * patched alternatives); otherwise nothing is measured, and the reason is added to the problems.
 */
public final class CaptureMeasure {
    private CaptureMeasure() {}

    /** ns per call by "task clock" (the vDSO path's corrected figure), or empty with the reason in {@code problems}. */
    public static Map<String, Double> measure(byte[] capturedVdso, LiveSession.Progress progress, List<String> problems) {
        Map<String, Double> out = new LinkedHashMap<>();
        try {
            byte[] here = VdsoImage.current().bytes();
            if (!Arrays.equals(here, capturedVdso)) {
                problems.add("not measured: this machine's vDSO is not the captured one (another machine or kernel)");
                return out;
            }
        } catch (IOException | RuntimeException e) {
            problems.add("not measured: " + e.getMessage());
            return out;
        }
        try (LiveSession s = new LiveSession(LiveSession.Options.defaults())) {
            for (Measurements.Row r : s.measure(progress)) {
                if (r.path().equals("vdso")) out.put(r.task() + " " + r.clock(), r.nsPerCall());
            }
            problems.addAll(s.problems());
        }
        return out;
    }
}
