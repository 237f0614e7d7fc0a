package org.vdsoexplorer.model.lesson;

import org.junit.jupiter.api.Test;

class ScratchTest {
    @Test
    void print() throws Exception {
        for (String v : new String[] {"unlikely", "timens-inline", "before", "always-inline", "switch-offsets", "timens-noinline"}) {
            for (String sc : new String[] {"host", "timens"}) {
                String md = "---\nid: x\ntitle: x\norder: 1\nminutes: 1\n---\n\n## a\n\n```setup\nscenario: " + sc + "\nvariant: " + v + "\nrun_to: first-load-seq\n```\n";
                var r = LessonParser.parse("x.md", md);
                if (r.lesson() == null || !r.problems().isEmpty()) { System.out.println(r.problems()); continue; }
                StepSetup s = r.lesson().steps().get(0).setup();
                if (s.modelSetup().problem() != null) continue;
                StringBuilder sb = new StringBuilder(sc + "/" + v + ":");
                for (String a : new String[] {"first-load-seq", "after:first-load-seq", "seq-load#2", "retry-load", "retry-check", "after:retry-check", "counter-read", "fn:do_hres", "fn:timens_add_offset", "fn:vdso_read_retry", "call-start#2"}) {
                    Target t = Target.anchor(a);
                    try {
                        var h = Anchors.find(new org.vdsoexplorer.model.Timeline(new org.vdsoexplorer.model.Machine(s.modelSetup())), t, java.util.List.of(), 5000, "x");
                        sb.append(" ").append(a).append("=").append(h.at(t.after())).append("@").append(h.insn().addressHex()).append("/").append(h.insn().source().line());
                    } catch (LessonException e) { sb.append(" ").append(a).append("=ERR"); }
                }
                System.out.println(sb);
            }
        }
    }
}
