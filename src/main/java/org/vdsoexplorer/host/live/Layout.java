package org.vdsoexplorer.host.live;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where an x86-64 kernel keeps its vDSO time data, from v5.6 (time namespaces) to the newest kernel read.
 * Each layout names the kernel sources it was read from; a kernel outside every range gets no layout (its
 * pages are shown as hex dumps, "layout not recognised"). The choice by version is confirmed at run time by
 * {@link PageDecoder}'s plausibility checks before anything is decoded.
 *
 * <p>Sources read (file at version):
 * <ul>
 * <li>v5.6.4: include/vdso/datapage.h ({@code struct vdso_data}: seq, clock_mode, cycle_last, mask, mult,
 *   shift, union basetime/offset[12], tz_minuteswest, tz_dsttime, hrtimer_res, __unused; 240 bytes, two of
 *   them, CS_HRES_COARSE and CS_RAW); arch/x86/include/asm/vvar.h ({@code DECLARE_VVAR(128, struct
 *   vdso_data, _vdso_data)}); arch/x86/entry/vdso/vdso-layout.lds.S (vvar_page, pvclock_page, hvclock_page,
 *   timens_page = vvar_start + 0..3 pages; the timens_ copy at the same offset 128); arch/x86/entry/vdso/vma.c
 *   ({@code vvar_fault}: a namespace task gets its namespace page at the vvar_page offset and the real page at
 *   the timens_page offset; a host task's timens_page faults with SIGBUS); include/vdso/datapage.h
 *   {@code VCLOCK_TIMENS UINT_MAX}; arch/x86/include/asm/clocksource.h ({@code VCLOCK_NONE 0, TSC 1,
 *   PVCLOCK 2, HVCLOCK 3}).</li>
 * <li>v6.12.19: include/vdso/datapage.h adds {@code u64 max_cycles} after cycle_last under
 *   CONFIG_GENERIC_VDSO_OVERFLOW_PROTECT, which arch/x86/Kconfig selects (Adrian Hunter, "x86/vdso: Make
 *   delta calculation overflow safe", 2024, merged for v6.10): 248 bytes; vvar.h still places it at 128 and
 *   {@code _vdso_rng_data} at 640; include/vdso/clocksource.h {@code VDSO_CLOCKMODE_TIMENS = INT_MAX}. The rng
 *   data is v6.11's: getrandom() in the vDSO (Jason A. Donenfeld, "x86: vdso: Wire up getrandom() vDSO
 *   implementation", merged for v6.11) adds {@code _vdso_rng_data} at 640 to arch/x86/include/asm/vvar.h;
 *   v6.10 has max_cycles and no rng data.</li>
 * <li>v6.13.7 and v6.14: arch/x86/entry/vdso/vma.c {@code vdso_data_store} (the page itself, offset 0),
 *   arch/x86/include/asm/vdso/vsyscall.h ({@code __VVAR_PAGES 4}, {@code VDSO_NR_VCLOCK_PAGES 2},
 *   {@code __VDSO_RND_DATA_OFFSET 640}), vdso-layout.lds.S ({@code timens_page = vvar_start + PAGE_SIZE}):
 *   [vvar] is the data page and the namespace slot, the pvclock and Hyper-V pages are [vvar_vclock].</li>
 * <li>v6.18.35: lib/vdso/datastore.c (the generic data store: {@code vvar_fault} maps
 *   VDSO_TIME_PAGE_OFFSET, VDSO_TIMENS_PAGE_OFFSET, VDSO_RNG_PAGE_OFFSET, VDSO_ARCH_PAGES_START..END),
 *   include/vdso/datapage.h ({@code struct vdso_clock}: seq, clock_mode, cycle_last, max_cycles, mask, mult,
 *   shift, union basetime/offset[12], 232 bytes; {@code struct vdso_time_data}: arch_data (empty on x86),
 *   clock_data[CS_BASES], aux_clock_data[], tz..., an x86 {@code struct vdso_arch_data} of one unused byte,
 *   so one arch page that faults), arch/x86/include/asm/vdso/vsyscall.h ({@code __VDSO_PAGES 6}, two of
 *   them vclock pages).</li>
 * </ul>
 * Not read: v5.7-v6.11 other than through the two ends (the x86 layout did not move in v5.6.4 vs v6.12.19
 * except for max_cycles), and v6.15-v6.17 (the generic store is assumed from v6.15, the first release after
 * v6.14 that the sources above show without it; a kernel there that does not match fails the checks).
 */
public enum Layout {
    X86_V5_6("x86 struct vdso_data at offset 128 of the vvar page (v5.6-v6.9)", 128, false, 240,
            List.of(Role.DATA, Role.PVCLOCK, Role.HVCLOCK, Role.TIMENS_SLOT), List.of(), false),
    X86_V6_10("x86 struct vdso_data with max_cycles at offset 128 of the vvar page (v6.10)", 128, true, 248,
            List.of(Role.DATA, Role.PVCLOCK, Role.HVCLOCK, Role.TIMENS_SLOT), List.of(), false),
    X86_V6_11("x86 struct vdso_data with max_cycles at offset 128, the getrandom() state at 640 of the vvar page (v6.11-v6.12)",
            128, true, 248, List.of(Role.DATA, Role.PVCLOCK, Role.HVCLOCK, Role.TIMENS_SLOT), List.of(), true),
    X86_V6_13("x86 vdso_data_store: struct vdso_data at offset 0, the namespace slot next, [vvar_vclock] apart (v6.13-v6.14)",
            0, true, 248, List.of(Role.DATA, Role.TIMENS_SLOT), List.of(Role.PVCLOCK, Role.HVCLOCK), true),
    GENERIC_V6_15("generic vDSO data store (lib/vdso/datastore.c): struct vdso_time_data, clock_data[] of struct vdso_clock (v6.15+)",
            0, true, 232, List.of(Role.DATA, Role.TIMENS_SLOT, Role.RNG, Role.ARCH), List.of(Role.PVCLOCK, Role.HVCLOCK), false);

    /** What a page slot holds for a host task (a namespace task swaps DATA and TIMENS_SLOT). */
    public enum Role { DATA, TIMENS_SLOT, PVCLOCK, HVCLOCK, RNG, ARCH }

    public final String description;
    /** Offset of clock_data[CS_HRES_COARSE] in the data page. */
    public final int dataOffset;
    public final boolean maxCycles;
    /** Bytes from clock_data[0] to clock_data[1] (CS_RAW). */
    public final int stride;
    private final List<Role> vvar;
    private final List<Role> vvarVclock;
    /** struct vdso_rng_data at offset 640 of the data page (v6.11-v6.14). */
    public final boolean rngInDataPage;

    Layout(String description, int dataOffset, boolean maxCycles, int stride, List<Role> vvar, List<Role> vvarVclock,
           boolean rngInDataPage) {
        this.description = description;
        this.dataOffset = dataOffset;
        this.maxCycles = maxCycles;
        this.stride = stride;
        this.vvar = vvar;
        this.vvarVclock = vvarVclock;
        this.rngInDataPage = rngInDataPage;
    }

    /** The role of page {@code slot} of {@code mapping} for a host or a namespace task; empty if the layout has none. */
    public Optional<Role> role(String mapping, int slot, boolean inNamespace) {
        List<Role> roles = switch (mapping) {
            case "[vvar]" -> vvar;
            case "[vvar_vclock]" -> vvarVclock;
            default -> List.of();
        };
        if (slot < 0 || slot >= roles.size()) return Optional.empty();
        Role r = roles.get(slot);
        if (inNamespace && r == Role.DATA) return Optional.of(Role.TIMENS_SLOT);
        if (inNamespace && r == Role.TIMENS_SLOT) return Optional.of(Role.DATA);
        return Optional.of(r);
    }

    /** The data page slot in [vvar] for a host or a namespace task. */
    public int dataSlot(boolean inNamespace) { return vvar.indexOf(inNamespace ? Role.TIMENS_SLOT : Role.DATA); }

    /** Number of [vvar] pages this layout expects. */
    public int vvarPages() { return vvar.size(); }

    private static final Pattern VERSION = Pattern.compile("^(\\d+)\\.(\\d+)");

    /** The layout of a kernel release string such as "6.18.44-fc-v669"; empty below v5.6 or if unparseable. */
    public static Optional<Layout> forKernel(String release) {
        Matcher m = VERSION.matcher(release == null ? "" : release.trim());
        if (!m.find()) return Optional.empty();
        int v = Integer.parseInt(m.group(1)) * 1000 + Integer.parseInt(m.group(2));
        if (v < 5006) return Optional.empty();
        if (v < 6010) return Optional.of(X86_V5_6);
        if (v < 6011) return Optional.of(X86_V6_10);
        if (v < 6013) return Optional.of(X86_V6_11);
        if (v < 6015) return Optional.of(X86_V6_13);
        return Optional.of(GENERIC_V6_15);
    }

    /** Whether the kernel names its clock modes VCLOCK_* (v5.6) or VDSO_CLOCKMODE_* (v5.7+). */
    public static boolean oldClockModeNames(String release) {
        Matcher m = VERSION.matcher(release == null ? "" : release.trim());
        return m.find() && Integer.parseInt(m.group(1)) == 5 && Integer.parseInt(m.group(2)) == 6;
    }

    /** Clock mode values (arch/x86/include/asm/clocksource.h v5.6; asm/vdso/clocksource.h v5.7+). */
    public static final Map<Integer, String> CLOCK_MODES = Map.of(0, "NONE", 1, "TSC", 2, "PVCLOCK", 3, "HVCLOCK",
            Integer.MAX_VALUE, "TIMENS", -1, "TIMENS");

    /**
     * Whether {@code mode} is what kvm-clock advertises when the host does not promise a stable TSC: NONE.
     * arch/x86/kernel/kvmclock.c (v5.6 to v6.18), kvm_setup_vsyscall_timeinfo(): it returns before setting
     * {@code kvm_clock.vdso_clock_mode = VDSO_CLOCKMODE_PVCLOCK} ({@code archdata.vclock_mode = VCLOCK_PVCLOCK} in
     * v5.6) when vCPU 0's pvclock flags lack PVCLOCK_TSC_STABLE_BIT, and the clocksource keeps mode NONE.
     */
    public static boolean kvmClockWithoutStableBit(String clocksource, int mode) {
        return mode == 0 && "kvm-clock".equals(clocksource == null ? "" : clocksource.trim());
    }

    /** The clock mode a current_clocksource name makes the kernel advertise (x86; kvm-clock with a stable TSC). */
    public static int expectedClockMode(String clocksource) {
        return switch (clocksource == null ? "" : clocksource.trim()) {
            case "tsc" -> 1;
            case "kvm-clock" -> 2;
            case "hyperv_clocksource_tsc_page" -> 3;
            default -> 0;
        };
    }
}
