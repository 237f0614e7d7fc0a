package org.vdsoexplorer.sim;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The compiled variants of the C model (assets/csrc/build-listings.sh makes one listing per variant and
 * compiler, assets/listings/NAME.lst for gcc 12). {@code V5_6} is the code of the v5.6 release; the others
 * are the seeds' patch series and experiments, labelled with their date, and v5.13; {@code NO_RETRY} and
 * {@code NO_READ_ONCE} are seqlock readers broken on purpose for teaching ({@link #broken()}); {@code LEGACY}
 * holds the 2007 syscall stubs.
 */
public enum Variant {
    BEFORE("before", false, "2019-10 (Vagin's 'before', S1)",
            "the read path before the time-namespace series, as in v5.5: vdso_read_begin() without unlikely()"),
    UNLIKELY("unlikely", false, "PATCHv7 18/33, 2019-10",
            "before + unlikely() in vdso_read_begin() (PATCHv7 18/33, Oct 2019; in v5.6)"),
    // v5.6's lib/vdso/gettimeofday.c (vd[CS_HRES_COARSE]/vd[CS_RAW] per clock, int do_coarse(), a do/while retry
    // loop), not PATCHv7 19/33's (vd[0] for every clock, void coarse functions, a while (1) loop)
    TIMENS_INLINE("timens-inline", true, "Vagin's 'host', 2019-10",
            "v5.6's timens code (TIMENS check in the odd-seq loop) with do_hres/do_coarse plain static, for the series Vagin measured (S1, Oct 2019)"),
    TIMENS_NOINLINE("timens-noinline", true, "Vagin's noinline, 2019-10",
            "timens-inline with do_hres_timens/do_coarse_timens noinline (Vagin's experiment, S1, Oct 2019)"),
    ALWAYS_INLINE("always-inline", true, "Vagin, 2019-10-22",
            "do_hres/do_coarse __always_inline, timens functions noinline (Vagin, S2, Oct 2019)"),
    ALWAYS_INLINE_ALL("always-inline-all", true, "Vagin, 2019-10-22",
            "all four __always_inline (Vagin, S2, Oct 2019; v5.13's 58efe9f696cf made the timens pair the same)"),
    SWITCH_OFFSETS("switch-offsets", true, "PATCHv6 review, 2019-08",
            "timens-inline with a switch instead of the offset[] array index (the alternative Gleixner measured slower)"),
    V5_6("v5.6", true, "v5.6 release, 2020-03",
            "v5.6 as released: do_hres/do_coarse __always_inline, timens functions plain static, no likely() on the TSC case"),
    V5_13("v5.13", true, "v5.13 release, 2021-06",
            "v5.13: all four __always_inline, likely() on the TSC case (v5.7), vdso_cycles_ok() right after the counter "
                    + "read, VDSO_CLOCKMODE_TIMENS = INT_MAX"),
    NO_RETRY("no-retry", false, "broken on purpose (teaching)",
            "'unlikely' whose reader never checks seq again: it waits for an even seq, reads the data and returns"),
    NO_READ_ONCE("no-read-once", false, "broken on purpose (teaching)",
            "'unlikely' with plain loads of seq and no smp_rmb(): gcc drops the retry check, clang 16 moves its load "
                    + "above the data loads (TSC path only; the other clock modes use the real reader)"),
    LEGACY("legacy", false, "2007",
            "2007: clock_gettime() as a system call via int $0x80 or sysenter");

    /** The origin of the variants {@link #broken()} on purpose. */
    public static final String BROKEN = "broken on purpose (teaching)";

    private final String cliName, origin, description;
    private final boolean timens;

    Variant(String cliName, boolean timens, String origin, String description) {
        this.cliName = cliName;
        this.timens = timens;
        this.origin = origin;
        this.description = description;
    }

    public String cliName() { return cliName; }

    /** What the variant is, briefly: the release, or the patch series and its date. */
    public String origin() { return origin; }

    /** The origin and what the code does, for pickers and legends. */
    public String description() { return origin + ": " + description; }

    /**
     * Whether the code expects the v5.7+ namespace page (VDSO_CLOCKMODE_TIMENS = INT_MAX). The modelled
     * kernel with a namespace task is v5.6, whose page holds VCLOCK_TIMENS = UINT_MAX.
     */
    public boolean expectsV57NamespacePage() { return this == V5_13; }

    /** Whether the code knows about time namespaces (can run a namespace task). */
    public boolean timens() { return timens; }

    /**
     * Whether the seqlock reader is broken on purpose (teaching): it can return a wrong time while the writer
     * races it. The real variants never do.
     */
    public boolean broken() { return origin.equals(BROKEN); }

    /** The name in a list of variants: a broken one says so. */
    public String listLabel() { return broken() ? cliName + " \u2014 " + BROKEN : cliName; }

    public static Optional<Variant> byName(String s) {
        return Arrays.stream(values()).filter(v -> v.cliName.equals(s)).findFirst();
    }

    public static String names() { return Arrays.stream(values()).map(Variant::cliName).collect(Collectors.joining(", ")); }
}
