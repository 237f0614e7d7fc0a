package org.vdsoexplorer.app.dispatch;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import org.vdsoexplorer.app.common.DrawnText;

/**
 * Fits a dispatch node's label into its box (for {@link DispatchView}): the largest bold font from the asked
 * size down to a minimum at which the label fits, as written or, when a line is too wide, broken at a space (never
 * inside an identifier: "do_hres_timens()" stays whole); at the minimum the label as best it goes (then reported cut).
 * Fitted labels are remembered per box size (the graph is redrawn often, its boxes seldom change).
 */
final class NodeLabels {
    /** A label as drawn: its font and its text, with the lines it was broken into. */
    record Fitted(Font font, String text, boolean fits) {}

    private final Map<String, Fitted> fitted = new HashMap<>();

    void clear() { fitted.clear(); }

    /** {@code label} in a box of {@code width} x {@code height}, at {@code size} px or down to {@code min} px. */
    Fitted fit(String label, double width, double height, double size, double min) {
        String key = label + "@" + Math.round(width) + "@" + Math.round(height) + "@" + Math.round(size * 2) + "@" + Math.round(min * 2);
        Fitted f = fitted.get(key);
        if (f == null) { // (not computeIfAbsent: measuring may run CSS, which may redraw and come back here)
            f = compute(label, width, height, size, min);
            fitted.put(key, f);
        }
        return f;
    }

    private static Fitted compute(String label, double width, double height, double size, double min) {
        for (double sz = Math.max(min, size); sz >= min; sz -= 0.5) {
            Font f = Font.font("DejaVu Sans", FontWeight.BOLD, sz);
            if (fits(label, f, width, height)) return new Fitted(f, label, true);
            String broken = wrap(label, f, width);
            if (!broken.equals(label) && fits(broken, f, width, height)) return new Fitted(f, broken, true);
        }
        Font f = Font.font("DejaVu Sans", FontWeight.BOLD, min);
        return new Fitted(f, wrap(label, f, width), false);
    }

    static boolean fits(String text, Font f, double width, double height) {
        double[] wh = DrawnText.measure(text, f);
        return wh[0] <= width && wh[1] <= height;
    }

    /** Each line of {@code label} too wide for {@code width} broken at its spaces (greedily, as few lines as go). */
    static String wrap(String label, Font f, double width) {
        List<String> out = new ArrayList<>();
        for (String line : label.split("\n", -1)) {
            if (DrawnText.measure(line, f)[0] <= width) {
                out.add(line);
                continue;
            }
            List<String> parts = new ArrayList<>();
            int from = 0;
            for (int i = 0; i < line.length(); i++) {
                char c = line.charAt(i);
                if (c == ' ') {
                    parts.add(line.substring(from, i + 1));
                    from = i + 1;
                }
            }
            parts.add(line.substring(from));
            StringBuilder cur = new StringBuilder();
            for (String p : parts) {
                if (!cur.isEmpty() && DrawnText.measure((cur + p).strip(), f)[0] > width) {
                    out.add(cur.toString().strip());
                    cur.setLength(0);
                }
                cur.append(p);
            }
            if (!cur.toString().isBlank()) out.add(cur.toString().strip());
        }
        return String.join("\n", out);
    }
}
