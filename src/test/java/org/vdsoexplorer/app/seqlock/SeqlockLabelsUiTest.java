package org.vdsoexplorer.app.seqlock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.vdsoexplorer.app.Fx.fx;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.vdsoexplorer.app.tools.LayoutCheck;
import org.vdsoexplorer.app.MainWindow;
import org.vdsoexplorer.app.common.DrawnText;
import org.vdsoexplorer.sim.SeqlockTrace.Mark;
import org.vdsoexplorer.sim.SeqlockTrace.Odd;
import org.vdsoexplorer.sim.SeqlockTrace.Placed;
import org.vdsoexplorer.sim.SeqlockTrace.Retry;
import org.vdsoexplorer.sim.SeqlockTrace.SeqLoad;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.lesson.View;

/**
 * The seqlock timeline's labels on a retry-heavy call (writer updates placed inside the read loop again and
 * again, so the reader retries and spins): the retry labels, "spin", the writer's "seq=N" and the "placed"
 * markers never overlap one another, none is left out, and none leaves the canvas, on a projector (the view
 * maximised at 1920 x 1080, 100/150/250 %) and on a laptop (1280 x 720, two views).
 */
@ExtendWith(ApplicationExtension.class)
class SeqlockLabelsUiTest {

    @Test
    void labelsOfARetryHeavyCallNeverOverlap() {
        for (double[] c : new double[][] {{1920, 1080, 100}, {1920, 1080, 150}, {1920, 1080, 250}, {1280, 720, 100}}) {
            List<String> problems = fx(() -> {
                MainWindow w = new MainWindow(Setup.of(Scenario.HOST, Variant.TIMENS_INLINE, Clock.MONOTONIC).withTick(0),
                        c[0], c[1]);
                try {
                    w.setReducedMotion(true);
                    w.model().scale().set((int) c[2]);
                    if (c[0] >= 1920) w.views().toggleMaximised(View.SEQLOCK);
                    else w.views().bringIn(View.SEQLOCK);
                    SeqlockView v = w.seqlock();
                    w.session().runCall();
                    w.session().runCall();
                    // each round places an update right after the latest loop's first seq load of the real data
                    // page (vdso_read_begin): the read straddles it, so the check fails and the loop runs again
                    for (int round = 0; round < 4; round++) {
                        LayoutCheck.check(w.root());
                        int last = -1;
                        for (Mark m : v.marks()) if (m instanceof SeqLoad l && !l.namespacePage() && !l.check()) last = m.at();
                        v.place(last + 1);
                    }
                    LayoutCheck.check(w.root());
                    List<Mark> marks = v.marks();
                    long retries = marks.stream().filter(m -> m instanceof Retry).count();
                    long placed = marks.stream().filter(m -> m instanceof Placed).count();
                    long spins = marks.stream().filter(m -> m instanceof Odd).count();
                    List<String> out = new ArrayList<>();
                    if (retries + spins < 3 || placed < 3) {
                        out.add("not retry-heavy: " + retries + " retries, " + spins + " spins, " + placed + " placed");
                    }
                    out.addAll(overlaps(v.drawnText(), v.timeline().getWidth(), v.timeline().getHeight()));
                    for (String want : List.of("retry", "placed", "seq=")) {
                        if (v.drawnText().stream().noneMatch(b -> b.text().startsWith(want))) out.add("no '" + want + "' label drawn");
                    }
                    return out.stream().map(p -> (int) c[0] + "x" + (int) c[1] + " at " + (int) c[2] + " %: " + p).toList();
                } finally {
                    w.dispose();
                }
            });
            assertEquals(List.of(), problems);
        }
    }

    /** Each pair of boxes that overlap, each box cut or outside the canvas. */
    static List<String> overlaps(List<DrawnText.Box> boxes, double w, double h) {
        List<String> out = new ArrayList<>();
        assertTrue(boxes.size() > 5, "the timeline drew " + boxes.size() + " labels");
        for (int i = 0; i < boxes.size(); i++) {
            DrawnText.Box a = boxes.get(i);
            if (a.clipped()) out.add("'" + a.text() + "' left out or cut");
            if (a.x() < -1 || a.y() < -1 || a.x() + a.width() > w + 1 || a.y() + a.height() > h + 1) {
                out.add("'" + a.text() + "' outside the canvas");
            }
            for (int j = i + 1; j < boxes.size(); j++) {
                DrawnText.Box b = boxes.get(j);
                double ox = Math.min(a.x() + a.width(), b.x() + b.width()) - Math.max(a.x(), b.x());
                double oy = Math.min(a.y() + a.height(), b.y() + b.height()) - Math.max(a.y(), b.y());
                if (ox > 0.5 && oy > 0.5) out.add("'" + a.text() + "' overlaps '" + b.text() + "'");
            }
        }
        return out;
    }
}
