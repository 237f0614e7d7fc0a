package org.vdsoexplorer.lesson;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What a predict question asks; the answer is computed by running the model from the step's setup
 * point (or, for the comparisons, by measuring both setups as the report does).
 */
public enum PredictKind {
    NEXT_SEQ("next-seq", true, false, "the value the next load of a vdso_data seq field reads"),
    SEQ_PARITY("seq-parity", false, false, "whether the next load of a seq field reads an even or an odd value"),
    NEXT_PAGE_SLOT("next-page-slot", true, false, "the vvar slot (0-3) the next load from the vvar area touches"),
    NEXT_PAGE_KIND("next-page-kind", false, false, "what the page behind the next vvar load is: VVAR, TIMENS, PVCLOCK or HVCLOCK"),
    PUSHES_THIS_CALL("pushes-this-call", true, false, "push instructions the current (or next) clock_gettime() call executes"),
    INSTRUCTIONS_THIS_CALL("instructions-this-call", true, false, "instructions the current (or next) call executes"),
    RETRIES("retries", true, false, "times the current (or next) call's retry check fails and the read loop runs again"),
    SPINS("spins", true, false, "times the current (or next) call reads an odd seq on the real data page and spins"),
    FALLBACK("fallback", false, false, "yes if the current (or next) call ends in the system call, else no"),
    COUNTER("counter", false, false, "how the current (or next) call reads the clock: tsc, pvclock, hvclock, syscall or none (coarse clocks)"),
    INSTRUCTIONS_DIFFERENCE("instructions-difference", true, true,
            "how many more instructions the call makes than the compared setup's call (negative: fewer)"),
    PUSHES_DIFFERENCE("pushes-difference", true, true, "how many more push instructions the call makes than the compared setup's call"),
    FASTER_VARIANT("faster-variant", false, true, "which of the two compared setups makes more calls in 3 s"),
    SPEEDUP_PERCENT("speedup-percent", true, true, "how many percent more calls in 3 s the faster setup makes"),
    SPEEDUP_FACTOR("speedup-factor", true, true, "how many times more calls in 3 s the faster setup makes");

    private final String lessonName, description;
    private final boolean numeric, needsCompare;

    PredictKind(String lessonName, boolean numeric, boolean needsCompare, String description) {
        this.lessonName = lessonName;
        this.numeric = numeric;
        this.needsCompare = needsCompare;
        this.description = description;
    }

    public String lessonName() { return lessonName; }

    public String description() { return description; }

    /** A number (checked with a tolerance for the speedups) rather than a name. */
    public boolean numeric() { return numeric; }

    /**
     * The units a typed answer may end in ({@link NumericGuess}), the one to suggest first; empty for the counts
     * and the name-valued kinds.
     */
    public List<String> units() {
        return switch (this) {
            case SPEEDUP_PERCENT -> List.of("%", "percent");
            case SPEEDUP_FACTOR -> List.of("x", "\u00d7", "times");
            default -> List.of();
        };
    }

    /** Needs a {@code compare} in the step's setup. */
    public boolean needsCompare() { return needsCompare; }

    /** Measured as report does (both setups' speed), not by running on from the setup point. */
    public boolean measured() { return this == FASTER_VARIANT || this == SPEEDUP_PERCENT || this == SPEEDUP_FACTOR; }

    /** The fixed answer choices of a name-valued kind (faster-variant: the two setups' labels), else empty. */
    public List<String> choices(StepSetup s) {
        return switch (this) {
            case NEXT_PAGE_KIND -> List.of("VVAR", "TIMENS", "PVCLOCK", "HVCLOCK");
            case NEXT_PAGE_SLOT -> List.of("0", "1", "2", "3");
            case SEQ_PARITY -> List.of("even", "odd");
            case FALLBACK -> List.of("yes", "no");
            case COUNTER -> List.of("tsc", "pvclock", "hvclock", "syscall", "none");
            case FASTER_VARIANT -> s == null || s.compare() == null ? List.of() : List.of(s.label(), s.compareLabel());
            default -> List.of();
        };
    }

    /**
     * The on-screen values that would give this question's answer away before the reveal (the views mask
     * them while the question is open).
     */
    public Set<Shown> masks() {
        return switch (this) {
            case NEXT_SEQ, SEQ_PARITY -> EnumSet.of(Shown.SEQ);
            case NEXT_PAGE_SLOT, NEXT_PAGE_KIND -> EnumSet.of(Shown.PAGE_TRAIL, Shown.DISPATCH_PATH);
            case PUSHES_THIS_CALL -> EnumSet.of(Shown.SPILLS);
            case INSTRUCTIONS_THIS_CALL, INSTRUCTIONS_DIFFERENCE -> EnumSet.of(Shown.CALL_INSTRUCTIONS);
            case PUSHES_DIFFERENCE -> EnumSet.of(Shown.SPILLS);
            case RETRIES -> EnumSet.of(Shown.RETRIES);
            case SPINS -> EnumSet.of(Shown.SPINS);
            case FALLBACK, COUNTER -> EnumSet.of(Shown.DISPATCH_PATH);
            case FASTER_VARIANT, SPEEDUP_PERCENT, SPEEDUP_FACTOR -> EnumSet.of(Shown.CALL_RATE);
        };
    }

    public static Optional<PredictKind> byName(String s) {
        return Arrays.stream(values()).filter(k -> k.lessonName.equals(s)).findFirst();
    }

    /** The kinds' lesson names, in order. */
    public static List<String> nameList() { return Arrays.stream(values()).map(PredictKind::lessonName).toList(); }

    public static String names() { return String.join(", ", nameList()); }
}
