package org.vdsoexplorer.lesson;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.vdsoexplorer.sim.Variant;

/**
 * A source annotation of the C model a student can toggle in the code view's C pane (PRIMM's Modify): each is one
 * choice in assets/csrc/vdso_model.c between two builds that differ only by it, both prebuilt
 * (assets/csrc/build-listings.sh writes their listings; no compiler runs in the app). Toggling it switches the
 * model to the other build. {@code without}: the build without the annotation written, {@code with}: with it.
 * A lesson's {@code type: modify} question names one ({@code toggle:}), by {@link #lessonName()}.
 */
public enum Annotation {
    UNLIKELY("unlikely", "unlikely()", "unlikely() on the odd-seq test of vdso_read_begin()",
            "while (unlikely((seq = READ_ONCE(vd->seq)) & 1))", Variant.BEFORE, Variant.UNLIKELY),
    READ_ONCE("read-once", "READ_ONCE() + smp_rmb()", "READ_ONCE() and smp_rmb() in the seqlock reader",
            "seq = READ_ONCE(vd->seq); ... smp_rmb();", Variant.NO_READ_ONCE, Variant.UNLIKELY),
    RETRY("retry", "vdso_read_retry()", "the retry check vdso_read_retry() after the data is read",
            "} while (unlikely(vdso_read_retry(vd, seq)));", Variant.NO_RETRY, Variant.UNLIKELY),
    NOINLINE("noinline", "noinline do_hres_timens()", "noinline on do_hres_timens() and do_coarse_timens()",
            "static noinline int do_hres_timens(...)", Variant.TIMENS_INLINE, Variant.TIMENS_NOINLINE),
    ALWAYS_INLINE("always-inline", "__always_inline do_hres()", "__always_inline on do_hres() and do_coarse()",
            "static __always_inline int do_hres(...)", Variant.TIMENS_NOINLINE, Variant.ALWAYS_INLINE),
    SWITCH("switch", "switch, not offset[]", "a switch on the clock id instead of the offset[] array",
            "switch (clk) { case CLOCK_MONOTONIC: ...", Variant.TIMENS_INLINE, Variant.SWITCH_OFFSETS);

    private final String lessonName, label, description, code;
    private final Variant without, with;

    Annotation(String lessonName, String label, String description, String code, Variant without, Variant with) {
        this.lessonName = lessonName;
        this.label = label;
        this.description = description;
        this.code = code;
        this.without = without;
        this.with = with;
    }

    public String lessonName() { return lessonName; }

    /** The C pane toggle's text. */
    public String label() { return label; }

    /** What the annotation is, in a sentence's words. */
    public String description() { return description; }

    /** The annotated C, as the C pane's toggle shows it. */
    public String code() { return code; }

    public Variant without() { return without; }

    public Variant with() { return with; }

    /** Whether {@code v} is one of this annotation's two builds. */
    public boolean applies(Variant v) { return v == without || v == with; }

    /** Whether build {@code v} has the annotation written (false also when it does not apply). */
    public boolean isOn(Variant v) { return v == with; }

    /** The other build: {@code v} with the annotation toggled; null if {@code v} is not one of its builds. */
    public Variant toggle(Variant v) {
        return v == without ? with : v == with ? without : null;
    }

    /** The annotations the C pane offers for build {@code v}, in declaration order. */
    public static List<Annotation> of(Variant v) {
        List<Annotation> out = new ArrayList<>();
        for (Annotation a : values()) if (a.applies(v)) out.add(a);
        return out;
    }

    public static List<String> names() { return Arrays.stream(values()).map(Annotation::lessonName).toList(); }

    /** The annotation a lesson names, or null. */
    public static Annotation byLessonName(String name) {
        String n = name == null ? "" : name.strip().toLowerCase(Locale.ROOT);
        for (Annotation a : values()) if (a.lessonName.equals(n)) return a;
        return null;
    }
}
