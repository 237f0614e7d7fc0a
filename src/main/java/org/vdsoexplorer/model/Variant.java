package org.vdsoexplorer.model;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The compiled variants of the C model (assets/csrc/build-listings.sh makes one listing per variant,
 * assets/listings/NAME.lst). {@code LEGACY} holds the 2007 syscall stubs.
 */
public enum Variant {
    BEFORE("before", false, "v5.5: no time-namespace code, vdso_read_begin() without unlikely()"),
    UNLIKELY("unlikely", false, "before + unlikely() in vdso_read_begin() (PATCHv7 18/33)"),
    TIMENS_INLINE("timens-inline", true, "v5.6: TIMENS check in the odd-seq loop; gcc inlines do_hres_timens"),
    TIMENS_NOINLINE("timens-noinline", true, "do_hres_timens and do_coarse_timens marked noinline"),
    ALWAYS_INLINE("always-inline", true, "do_hres/do_coarse __always_inline, timens functions noinline"),
    ALWAYS_INLINE_ALL("always-inline-all", true, "all four __always_inline (v5.13, commit 58efe9f696cf)"),
    SWITCH_OFFSETS("switch-offsets", true, "timens-inline with a switch instead of the offset[] array index"),
    LEGACY("legacy", false, "2007: clock_gettime() as a system call via int $0x80 or sysenter");

    private final String cliName, description;
    private final boolean timens;

    Variant(String cliName, boolean timens, String description) {
        this.cliName = cliName;
        this.timens = timens;
        this.description = description;
    }

    public String cliName() { return cliName; }

    public String description() { return description; }

    /** Whether the code knows about time namespaces (can run a namespace task). */
    public boolean timens() { return timens; }

    public String resource() { return "/assets/listings/" + cliName + ".lst"; }

    public static Optional<Variant> byName(String s) {
        return Arrays.stream(values()).filter(v -> v.cliName.equals(s)).findFirst();
    }

    public static String names() { return Arrays.stream(values()).map(Variant::cliName).collect(Collectors.joining(", ")); }
}
