package org.vdsoexplorer.sim.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.sim.CallResult;
import org.vdsoexplorer.sim.Listings;
import org.vdsoexplorer.sim.Machine;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.event.Event;

/**
 * The modelled kernel against the kernel source at the version each test names: the writer's order, the
 * system call path for clocks the vDSO does not serve, kvm-clock's vDSO mode, and the C model's types.
 */
class KernelFidelityTest {

    private static Kernel kernel(Scenario s) {
        return new Machine(Setup.of(s, s.namespace() ? Variant.V5_6 : Variant.UNLIKELY, Clock.MONOTONIC).withTick(0)).kernel();
    }

    /** The fields one update_vsyscall() writes, in order, named as DataLayout names them. */
    private static List<String> writes(Kernel k, long mode) {
        List<String> out = new ArrayList<>();
        for (Kernel.Write[] step : k.buildSteps(mode)) {
            for (Kernel.Write w : step) out.add(DataLayout.fieldName(PageKind.VVAR, w.off()));
        }
        return out;
    }

    private static final String H = "vdso_data[CS_HRES_COARSE].", R = "vdso_data[CS_RAW].";

    private static List<String> ts(String base, String clock) { return List.of(base + "basetime[" + clock + "].sec", base + "basetime[" + clock + "].nsec"); }

    /** update_vsyscall() of v5.6 kernel/time/vsyscall.c, read off the source, up to update_vdso_data(). */
    private static List<String> v56Head() {
        List<String> w = new ArrayList<>(List.of(H + "seq", R + "seq", H + "clock_mode", R + "clock_mode"));
        w.addAll(ts(H, "REALTIME"));                 // "CLOCK_REALTIME also required for time()"
        w.addAll(ts(H, "REALTIME_COARSE"));
        w.addAll(ts(H, "MONOTONIC_COARSE"));
        w.add(H + "hrtimer_res");
        return w;
    }

    /** update_vdso_data() of v5.6: both bases' cycle_last/mask/mult/shift, then MONOTONIC, BOOTTIME, RAW, TAI. */
    private static List<String> v56UpdateVdsoData() {
        List<String> w = new ArrayList<>();
        for (String b : List.of(H, R)) for (String f : List.of("cycle_last", "mask", "mult", "shift")) w.add(b + f);
        w.addAll(ts(H, "MONOTONIC"));
        w.addAll(ts(H, "BOOTTIME"));
        w.addAll(ts(R, "MONOTONIC_RAW"));
        w.addAll(ts(H, "TAI"));
        return w;
    }

    /** The whole update: the head, update_vdso_data() if {@code hres}, then vdso_write_end()'s seq writes. */
    private static List<String> update(boolean hres) {
        List<String> w = new ArrayList<>(v56Head());
        if (hres) w.addAll(v56UpdateVdsoData());
        w.addAll(List.of(H + "seq", R + "seq"));
        return w;
    }

    @Test
    void writerFollowsV56UpdateVsyscallOrder() {
        assertEquals(update(true), writes(kernel(Scenario.HOST), DataLayout.VCLOCK_TSC));
    }

    @Test
    void v56UpdateVsyscallWritesTheHresPartEvenForClockModeNone() {
        // v5.6: "if (__arch_update_vdso_data()) update_vdso_data(vdata, tk);" and x86 leaves it at the default true
        assertEquals(update(true), writes(kernel(Scenario.HOST), DataLayout.VCLOCK_NONE));
    }

    @Test
    void v513UpdateVsyscallSkipsUpdateVdsoDataForNoneButStillWritesRealtime() {
        // v5.7+ kernel/time/vsyscall.c: "if (clock_mode != VDSO_CLOCKMODE_NONE) update_vdso_data(vdata, tk);"
        Kernel k = kernel(Scenario.HYPERV_5_13);
        assertEquals(DataLayout.VCLOCK_NONE, k.mode());
        assertEquals(update(false), writes(k, DataLayout.VCLOCK_NONE));
        assertEquals(update(true), writes(k, DataLayout.VCLOCK_TSC), "a capable clocksource is written in full");
    }

    @Test
    void kvmClockIsAdvertisedToTheVdsoOnlyWithTheTscStableBit() {
        // v5.6 arch/x86/kernel/kvmclock.c kvm_setup_vsyscall_timeinfo(): no PVCLOCK_TSC_STABLE_BIT, no VCLOCK_PVCLOCK
        assertEquals(DataLayout.VCLOCK_PVCLOCK, Kernel.advertisedMode(Scenario.PVCLOCK, DataLayout.PVCLOCK_TSC_STABLE_BIT));
        assertEquals(DataLayout.VCLOCK_NONE, Kernel.advertisedMode(Scenario.PVCLOCK, 0));
        assertEquals(DataLayout.VCLOCK_TSC, Kernel.advertisedMode(Scenario.HOST, 0), "the flag is kvm-clock's alone");
        Kernel k = kernel(Scenario.PVCLOCK);
        assertEquals(DataLayout.PVCLOCK_TSC_STABLE_BIT, k.addressSpace().slot(1).read(DataLayout.PV_FLAGS, 1));
        assertEquals(PageKind.PVCLOCK, k.addressSpace().slot(1).kind(), "vCPU 0's page in the PVCLOCK slot");
        assertTrue(PageKind.PVCLOCK.holds().startsWith("vCPU 0"), PageKind.PVCLOCK.holds());
        assertEquals(null, kernel(Scenario.HOST).addressSpace().slot(1), "mapped only for VCLOCK_PVCLOCK (vvar_fault())");
    }

    private static Machine run(Scenario s, Variant v, Clock c) {
        return new Machine(Setup.of(s, v, c).withTick(0));
    }

    @Test
    void alarmClocksAnswerLikeAlarmClockGetTimespecOfV56() {
        // v5.6 kernel/time/alarmtimer.c alarm_clock_get_timespec(): -EINVAL without an RTC device, else
        // realtime, or boottime plus the namespace offset (get_boottime_timespec())
        Machine real = run(Scenario.TIMENS, Variant.V5_6, Clock.REALTIME_ALARM);
        CallResult r = real.runCall();
        assertEquals(0, r.ret());
        assertTrue(r.fallback(), "the vDSO does not serve alarm clocks");
        long[] realtime = real.kernel().reference(Clock.REALTIME, real.kernel().lastTsc());
        assertEquals(realtime[0], r.sec());
        assertEquals(realtime[1], r.nsec());

        Machine boot = run(Scenario.TIMENS, Variant.V5_6, Clock.BOOTTIME_ALARM);
        r = boot.runCall();
        long[] host = boot.kernel().reference(Clock.BOOTTIME, boot.kernel().lastTsc());
        assertEquals(host[0], r.sec(), "boottime with the namespace's boottime offset");
        assertEquals(Scenario.TIMENS_BOOTTIME_OFFSET_SEC, Kernel.nsOffsetSec(Clock.BOOTTIME_ALARM));

        for (Clock c : List.of(Clock.REALTIME_ALARM, Clock.BOOTTIME_ALARM)) {
            Machine m = run(Scenario.HOST, Variant.V5_6, c);
            m.kernel().setAlarmRtc(false);
            assertEquals(-22, m.runCall().ret(), c + " without an RTC: -EINVAL");
        }
    }

    @Test
    void the2007KernelAnswersOnlyTheClocksLinux2620Had() {
        // clock_gettime(2): MONOTONIC_RAW since 2.6.28, the coarse clocks 2.6.32, BOOTTIME 2.6.39, alarms 3.0,
        // TAI 3.10; a 2.6.20 kernel answers those ids with -EINVAL. REALTIME, MONOTONIC and the CPU-time clocks
        // (2.6.12) answer.
        List<Clock> had = List.of(Clock.REALTIME, Clock.MONOTONIC, Clock.PROCESS_CPUTIME_ID, Clock.THREAD_CPUTIME_ID);
        for (Scenario s : List.of(Scenario.PARAVIRT_2007, Scenario.SYSENTER_2007)) {
            for (Clock c : Clock.values()) {
                Setup setup = Setup.of(s, Variant.LEGACY, c).withTick(0);
                assertEquals(!had.contains(c), setup.problem() != null, s.cliName() + " " + c.cliName() + ": " + setup.problem());
                // the kernel side too: the legacy stub entered with the id in its register
                Machine m = new Machine(Setup.of(s, Variant.LEGACY, Clock.REALTIME).withTick(0));
                m.step();
                m.cpu().cpu.r[org.vdsoexplorer.sim.asm.Registers.RDI] = c.id; // before its movslq %edi,%rbx
                assertEquals(had.contains(c) ? 0 : -22, m.runCall().ret(), s.cliName() + " " + c.cliName());
            }
        }
        // the v5.6 scenarios know every id the model has (TAI, the newest, came in 3.10)
        for (Clock c : Clock.values()) assertTrue(Scenario.HOST.knows(c), c.cliName());
        assertTrue(Clock.compareReleases("2.6.39", "3.0") < 0 && Clock.compareReleases("3.9", "3.10") < 0);
    }

    @Test
    void v513TestsVdsoCyclesOkRightAfterTheCounterRead() {
        // v5.13 lib/vdso/gettimeofday.c do_hres(): "cycles = __arch_get_hw_counter(...); if (unlikely(!vdso_cycles_ok(cycles)))
        // return -1;" before it loads basetime[].nsec and cycle_last; v5.6 do_hres() loads both first.
        assertTrue(readsCycleLastBeforeFallback(Variant.V5_6));
        assertFalse(readsCycleLastBeforeFallback(Variant.V5_13));
    }

    private static boolean readsCycleLastBeforeFallback(Variant v) {
        // the hypervisor invalidates the TSC page (tsc_sequence 0): vread_hvclock(), out of line, returns U64_MAX
        // at run time (where the compiler sees U64_MAX itself, clock_mode NONE, it drops the loads in both versions)
        Machine m = run(Scenario.HYPERV, v, Clock.MONOTONIC);
        m.addressSpace().slot(2).write(DataLayout.HV_SEQUENCE, 4, 0);
        long cycleLast = m.addressSpace().slotAddress(0) + DataLayout.data(DataLayout.CS_HRES_COARSE, DataLayout.CYCLE_LAST);
        boolean[] seen = new boolean[2]; // read cycle_last, entered the kernel
        m.setSink(e -> {
            if (e instanceof Event.MemRead r && r.address() == cycleLast && !seen[1]) seen[0] = true;
            if (e instanceof Event.Syscall) seen[1] = true;
        });
        CallResult r = m.runCall();
        assertTrue(r.fallback() && seen[1], v + ": falls back");
        return seen[0];
    }

    private static final String C = Listings.resource("/assets/csrc/vdso_model.c");

    @Test
    void clockModeIsS32AsInV56Datapage() {
        // v5.6 include/vdso/datapage.h struct vdso_data: "s32 clock_mode;"
        // v5.6 arch/x86/include/asm/vdso/gettimeofday.h: "static inline u64 __arch_get_hw_counter(s32 clock_mode)"
        Matcher struct = Pattern.compile("struct vdso_data \\{(.*?)\\};", Pattern.DOTALL).matcher(C);
        assertTrue(struct.find());
        assertTrue(struct.group(1).matches("(?s).*\\bs32\\s+clock_mode;.*"), struct.group(1));
        assertTrue(C.matches("(?s).*static inline u64 __arch_get_hw_counter\\(s32 clock_mode\\).*"));
    }

    @Test
    void theSwitchOnlyHasCasesForClocksTheVdsoServes() {
        // __cvdso_clock_gettime_common() (v5.6 lib/vdso/gettimeofday.c) passes only VDSO_HRES | VDSO_COARSE |
        // VDSO_RAW clocks on; CLOCK_BOOTTIME_ALARM never reaches the offset lookup
        int from = C.indexOf("#ifdef VARIANT_SWITCH_OFFSETS"), to = C.indexOf("#else", from);
        Matcher m = Pattern.compile("case (CLOCK_[A-Z_]+):").matcher(C.substring(from, to));
        int cases = 0;
        while (m.find()) {
            cases++;
            Clock c = Clock.byName(m.group(1).substring("CLOCK_".length())).orElse(null);
            assertNotNull(c, m.group(1));
            assertTrue(c.servedByVdso(), m.group(1) + " never reaches the vDSO's switch");
        }
        assertEquals(4, cases, "MONOTONIC, MONOTONIC_RAW, MONOTONIC_COARSE, BOOTTIME");
    }
}
