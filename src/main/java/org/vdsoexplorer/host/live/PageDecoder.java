package org.vdsoexplorer.host.live;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.vdsoexplorer.host.live.Layout.Role;

/**
 * Decodes the pages one task read (its {@code pages} answer) with the layout of its kernel, and checks
 * the decode against what the task measured independently: seq parity, clock_mode against the current
 * clocksource, MONOTONIC's basetime against a clock_gettime() reading taken right after the page was read,
 * the namespace offsets' shape. If the data page does not pass, nothing is decoded: every page becomes a
 * hex dump under "layout not recognised for kernel X".
 */
public final class PageDecoder {
    /** How far a MONOTONIC basetime may lie behind the reading (the last update; NO_HZ can defer it). */
    static final long MAX_BASETIME_LAG_NS = 60_000_000_000L;
    static final String[] CLOCK_NAMES = {"realtime", "monotonic", "process-cputime", "thread-cputime", "monotonic-raw",
            "realtime-coarse", "monotonic-coarse", "boottime", "realtime-alarm", "boottime-alarm", "sgi-cycle", "tai"};
    /** The clocks a CS_HRES_COARSE base serves (hres: nsec shifted; coarse: plain ns), and CS_RAW's one. */
    static final int[] HRES = {0, 1, 7, 11}, COARSE = {5, 6}, RAW = {4};

    /** One check of the decode against an independent reading. */
    public record Check(String name, boolean ok, String detail) {}

    /**
     * One page of one task.
     *
     * @param kind    time-data, timens, rng, vclock, unbacked or unknown
     * @param role    what the layout says the slot holds (null without a layout)
     * @param fields  the decoded fields in struct order (numbers, or maps for basetime/offsets)
     * @param hex     the page as hex, for unknown pages
     */
    public record Page(String mapping, int slot, String address, String kind, String role, Long seq, Integer clockMode,
                       String clockModeName, Map<String, Object> fields, List<Check> checks, String note, String hex) {}

    /** One task's pages. {@code layout} is null when the layout was not recognised (see {@code layoutNote}). */
    public record TaskPages(String task, TaskInfo info, Layout layout, String layoutNote, List<Page> pages) {
        public Optional<Page> dataPage() { return pages.stream().filter(p -> p.kind().equals("time-data")).findFirst(); }

        public Optional<Page> namespacePage() { return pages.stream().filter(p -> p.kind().equals("timens")).findFirst(); }
    }

    /** A page as the probe read it: its bytes, or null when reading it faulted. */
    public record Raw(String mapping, int slot, long address, long monoAfterNs, byte[] bytes, String fault) {}

    private PageDecoder() {}

    /** Parses a probe's {@code pages} answer lines into raw pages. */
    public static List<Raw> parse(List<String> lines) {
        List<Raw> out = new ArrayList<>();
        for (String l : lines) {
            String[] w = l.split(" ", 6);
            if (w[0].equals("PAGE") && w.length == 6) {
                out.add(new Raw(w[1], Integer.parseInt(w[2]), Long.parseUnsignedLong(w[3], 16), Long.parseLong(w[4]),
                        HexFormat.of().parseHex(w[5]), null));
            } else if (w[0].equals("FAULT")) {
                String[] f = l.split(" ", 4);
                out.add(new Raw(f[1], Integer.parseInt(f[2]), 0, 0, null, f.length > 3 ? f[3] : "fault"));
            }
        }
        return out;
    }

    public static TaskPages decode(String task, TaskInfo info, List<Raw> raw) {
        boolean ns = info.inNamespace();
        Optional<Layout> chosen = Layout.forKernel(info.kernel());
        if (chosen.isEmpty()) {
            return undecoded(task, info, raw, "layout not recognised for kernel " + info.kernel()
                    + " (known: x86-64 v5.6 to v6.18)");
        }
        Layout layout = chosen.get();
        boolean oldNames = Layout.oldClockModeNames(info.kernel());
        // the namespace page first: its offsets are needed to check the real data page of a namespace task
        Map<Integer, long[]> offsets = null;
        List<Page> pages = new ArrayList<>();
        Page[] byIndex = new Page[raw.size()];
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < raw.size(); i++) {
                Raw r = raw.get(i);
                Role role = layout.role(r.mapping(), r.slot(), ns).orElse(null);
                boolean nsPage = role == Role.TIMENS_SLOT && ns;
                if ((pass == 0) != nsPage) continue;
                Page p = page(r, role, layout, info, oldNames, offsets);
                if (nsPage && p.kind().equals("timens")) offsets = namespaceOffsets(p);
                byIndex[i] = p;
            }
        }
        for (Page p : byIndex) pages.add(p);
        List<Page> data = pages.stream().filter(p -> Role.DATA.name().equals(p.role())).toList();
        if (data.size() != 1 || !data.getFirst().kind().equals("time-data")) {
            String why = data.isEmpty() ? "no [vvar] page " + layout.dataSlot(ns) + " was read"
                    : data.getFirst().checks().stream().filter(c -> !c.ok()).map(c -> c.name() + ": " + c.detail())
                    .reduce((a, b) -> a + "; " + b).orElse("the page at slot " + data.getFirst().slot() + " is "
                            + data.getFirst().kind());
            return undecoded(task, info, raw, "layout not recognised for kernel " + info.kernel() + ": the "
                    + layout.name() + " layout was expected, but " + why);
        }
        if (ns && pages.stream().noneMatch(p -> p.kind().equals("timens"))) {
            return undecoded(task, info, raw, "layout not recognised for kernel " + info.kernel()
                    + ": a namespace task without a namespace page at the slot the " + layout.name() + " layout gives");
        }
        return new TaskPages(task, info, layout, layout.description, pages);
    }

    private static TaskPages undecoded(String task, TaskInfo info, List<Raw> raw, String note) {
        List<Page> pages = new ArrayList<>();
        for (Raw r : raw) {
            if (r.bytes() == null) pages.add(new Page(r.mapping(), r.slot(), null, "unbacked", null, null, null, null,
                    Map.of(), List.of(), "reading it faulted: " + r.fault(), null));
            else pages.add(new Page(r.mapping(), r.slot(), Long.toHexString(r.address()), "unknown", null, null, null, null,
                    Map.of(), List.of(), note, HexFormat.of().formatHex(r.bytes())));
        }
        return new TaskPages(task, info, null, note, pages);
    }

    private static Page page(Raw r, Role role, Layout layout, TaskInfo info, boolean oldNames, Map<Integer, long[]> offsets) {
        String roleName = role == null ? null : role.name();
        if (r.bytes() == null) {
            String why = role == null ? "not in the layout" : switch (role) {
                case TIMENS_SLOT -> "the namespace slot: backed only in a time namespace";
                // vvar_fault() / vvar_vclock_fault() (arch/x86/entry/vdso/vma.c, v5.6 to v6.18) test
                // vclock_was_used(): set when the clocksource is enabled, never cleared
                case PVCLOCK -> "the pvclock page: backed once kvm-clock has been enabled since boot (vclock_was_used(), never cleared)";
                case HVCLOCK -> "the Hyper-V TSC page: backed once the Hyper-V clocksource has been enabled since boot (vclock_was_used(), never cleared)";
                case ARCH -> "the arch data page: x86 has no arch data";
                case RNG -> "the getrandom() state: backed with CONFIG_VDSO_GETRANDOM";
                case DATA -> "the data page should always be backed";
            };
            return new Page(r.mapping(), r.slot(), null, "unbacked", roleName, null, null, null, Map.of(), List.of(),
                    why + "; reading it faulted: " + r.fault(), null);
        }
        ByteBuffer b = ByteBuffer.wrap(r.bytes()).order(ByteOrder.LITTLE_ENDIAN);
        String addr = Long.toHexString(r.address());
        if (role == Role.DATA || role == Role.TIMENS_SLOT) {
            int o = layout.dataOffset;
            long seq = Integer.toUnsignedLong(b.getInt(o));
            int mode = b.getInt(o + 4);
            String modeName = modeName(mode, oldNames);
            if (role == Role.TIMENS_SLOT) return namespacePage(r, b, layout, seq, mode, modeName, addr, roleName);
            return dataPage(r, b, layout, info, seq, mode, modeName, addr, offsets);
        }
        if (role == Role.RNG) {
            Map<String, Object> f = new LinkedHashMap<>();
            f.put("generation", b.getLong(0));
            f.put("is_ready", b.get(8) & 0xff);
            return new Page(r.mapping(), r.slot(), addr, "rng", roleName, null, null, null, f, List.of(),
                    "struct vdso_rng_data: the vDSO getrandom() state", null);
        }
        if (role == Role.PVCLOCK || role == Role.HVCLOCK) {
            return new Page(r.mapping(), r.slot(), addr, "vclock", roleName, null, null, null, Map.of(), List.of(),
                    role == Role.PVCLOCK ? "pvclock_vsyscall_time_info (kvm-clock)" : "Hyper-V TSC reference page", null);
        }
        return new Page(r.mapping(), r.slot(), addr, "unknown", roleName, null, null, null, Map.of(), List.of(),
                "backed, but the layout has no data here", HexFormat.of().formatHex(r.bytes()));
    }

    static String modeName(int mode, boolean oldNames) {
        String n = Layout.CLOCK_MODES.get(mode);
        if (n == null) return "unknown (" + mode + ")";
        return (oldNames ? "VCLOCK_" : "VDSO_CLOCKMODE_") + n;
    }

    private static Page dataPage(Raw r, ByteBuffer b, Layout layout, TaskInfo info, long seq, int mode, String modeName,
                                 String addr, Map<Integer, long[]> offsets) {
        Map<String, Object> f = new LinkedHashMap<>();
        List<Check> checks = new ArrayList<>();
        int o = layout.dataOffset;
        Map<String, Object> hres = clockBase(b, o, layout, HRES, COARSE);
        Map<String, Object> raw = clockBase(b, o + layout.stride, layout, RAW, new int[0]);
        f.put("cycle_last", hres.remove("cycle_last"));
        if (layout.maxCycles) f.put("max_cycles", hres.remove("max_cycles"));
        f.put("mask", hres.remove("mask"));
        f.put("mult", hres.remove("mult"));
        f.put("shift", hres.remove("shift"));
        f.put("basetime", hres.remove("basetime"));
        long rawSeq = (Long) raw.remove("seq");
        raw.remove("clock_mode");
        f.put("raw", raw);
        if (layout.rngInDataPage) f.put("rng_generation", b.getLong(640));
        long mult = (Long) f.get("mult"), shift = (Long) f.get("shift");
        if (mode == 1 && mult > 0) f.put("tsc_ghz", Math.round((double) (1L << shift) / mult * 1e6) / 1e6);

        checks.add(new Check("seq even", seq % 2 == 0, "seq " + seq + (seq % 2 == 0 ? " (no update in progress)"
                : " (odd: a writer was mid-update, or this is not the data)")));
        checks.add(new Check("CS_RAW seq", rawSeq == seq, "clock_data[CS_RAW].seq " + rawSeq
                + " (the writer bumps both bases together)"));
        int expected = Layout.expectedClockMode(info.clocksource());
        boolean kvmNone = Layout.kvmClockWithoutStableBit(info.clocksource(), mode);
        checks.add(new Check("clock_mode", mode == expected || kvmNone, kvmNone
                ? modeName + " (0); current_clocksource 'kvm-clock': the host does not set PVCLOCK_TSC_STABLE_BIT, so the "
                        + "kernel advertises NONE (arch/x86/kernel/kvmclock.c, kvm_setup_vsyscall_timeinfo()) and every "
                        + "clock_gettime() here is a system call"
                : modeName + " (" + mode + "); current_clocksource '" + info.clocksource() + "' means "
                        + Layout.CLOCK_MODES.getOrDefault(expected, "?")));
        checks.add(new Check("shift", shift > 0 && shift <= 32 && mult > 0, "mult " + mult + ", shift " + shift));
        @SuppressWarnings("unchecked")
        Map<String, Object> mono = (Map<String, Object>) ((Map<String, Object>) f.get("basetime")).get("monotonic");
        long baseNs = (Long) mono.get("sec") * 1_000_000_000L + (Long) mono.get("ns");
        long off = 0;
        if (info.inNamespace()) {
            long[] m = offsets == null ? null : offsets.get(1);
            off = m == null ? 0 : m[0] * 1_000_000_000L + m[1];
        }
        long lag = r.monoAfterNs() - off - baseNs;
        checks.add(new Check("MONOTONIC basetime", lag >= -1_000_000 && lag < MAX_BASETIME_LAG_NS,
                String.format(java.util.Locale.ROOT, "basetime %.6f s%s; clock_gettime(MONOTONIC) right after the read %.6f s: "
                                + "%.3f ms behind (the last update)", baseNs / 1e9,
                        info.inNamespace() ? " + namespace offset " + off / 1_000_000_000L + " s" : "", r.monoAfterNs() / 1e9, lag / 1e6)));
        boolean ok = checks.stream().allMatch(Check::ok);
        return new Page(r.mapping(), r.slot(), addr, ok ? "time-data" : "unknown", Role.DATA.name(), seq, mode, modeName,
                ok ? f : Map.of(), checks, ok ? "the real vDSO data (" + layout.name() + ")" : "did not pass the checks",
                ok ? null : HexFormat.of().formatHex(r.bytes()));
    }

    /** seq, clock_mode, cycle_last, [max_cycles], mask, mult, shift and the named basetimes of one base. */
    private static Map<String, Object> clockBase(ByteBuffer b, int o, Layout layout, int[] hres, int[] coarse) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("seq", Integer.toUnsignedLong(b.getInt(o)));
        m.put("clock_mode", (long) b.getInt(o + 4));
        m.put("cycle_last", b.getLong(o + 8));
        int p = o + 16;
        if (layout.maxCycles) {
            m.put("max_cycles", b.getLong(p));
            p += 8;
        }
        m.put("mask", b.getLong(p));
        long mult = Integer.toUnsignedLong(b.getInt(p + 8)), shift = Integer.toUnsignedLong(b.getInt(p + 12));
        m.put("mult", mult);
        m.put("shift", shift);
        int base = p + 16;
        Map<String, Object> times = new LinkedHashMap<>();
        for (int c : hres) times.put(CLOCK_NAMES[c], time(b, base + 16 * c, shift, true));
        for (int c : coarse) times.put(CLOCK_NAMES[c], time(b, base + 16 * c, shift, false));
        m.put("basetime", times);
        return m;
    }

    private static Map<String, Object> time(ByteBuffer b, int at, long shift, boolean shifted) {
        Map<String, Object> t = new LinkedHashMap<>();
        long sec = b.getLong(at), nsec = b.getLong(at + 8);
        t.put("sec", sec);
        t.put("nsec", nsec);
        t.put("ns", shifted && shift < 64 ? nsec >>> shift : nsec);
        return t;
    }

    private static Page namespacePage(Raw r, ByteBuffer b, Layout layout, long seq, int mode, String modeName, String addr,
                                      String roleName) {
        Map<String, Object> f = new LinkedHashMap<>();
        List<Check> checks = new ArrayList<>();
        int base = layout.dataOffset + 16 + (layout.maxCycles ? 8 : 0) + 16;
        Map<String, Object> offs = new LinkedHashMap<>();
        long[][] all = new long[CLOCK_NAMES.length][];
        for (int c = 0; c < CLOCK_NAMES.length; c++) {
            all[c] = new long[] {b.getLong(base + 16 * c), b.getLong(base + 16 * c + 8)};
            if (all[c][0] != 0 || all[c][1] != 0) {
                Map<String, Object> t = new LinkedHashMap<>();
                t.put("sec", all[c][0]);
                t.put("nsec", all[c][1]);
                offs.put(CLOCK_NAMES[c], t);
            }
        }
        f.put("offset", offs);
        checks.add(new Check("seq 1", seq == 1, "seq " + seq + " (timens_setup_vdso_data() sets 1 forever: odd, so readers take the slow path)"));
        checks.add(new Check("clock_mode TIMENS", mode == Integer.MAX_VALUE || mode == -1, modeName + " (" + mode + ")"));
        boolean shape = java.util.Arrays.equals(all[1], all[4]) && java.util.Arrays.equals(all[1], all[6])
                && java.util.Arrays.equals(all[7], all[9]) && all[1][1] < 1_000_000_000L && all[7][1] < 1_000_000_000L;
        for (int c : new int[] {0, 5, 11}) shape &= all[c][0] == 0 && all[c][1] == 0;
        checks.add(new Check("offsets", shape, "monotonic = monotonic-raw = monotonic-coarse, boottime = boottime-alarm, "
                + "realtime and tai 0 (timens_setup_vdso_data())"));
        boolean ok = checks.stream().allMatch(Check::ok);
        return new Page(r.mapping(), r.slot(), addr, ok ? "timens" : "unknown", roleName, seq, mode, modeName,
                ok ? f : Map.of(), checks, ok ? "the namespace page: seq 1, clock_mode TIMENS and the offsets" : "did not pass the checks",
                ok ? null : HexFormat.of().formatHex(r.bytes()));
    }

    /** The namespace page's offsets by clock id: {sec, nsec}. */
    @SuppressWarnings("unchecked")
    static Map<Integer, long[]> namespaceOffsets(Page p) {
        Map<Integer, long[]> out = new LinkedHashMap<>();
        Map<String, Object> offs = (Map<String, Object>) p.fields().get("offset");
        for (int c = 0; c < CLOCK_NAMES.length; c++) {
            Map<String, Object> o = (Map<String, Object>) offs.get(CLOCK_NAMES[c]);
            out.put(c, o == null ? new long[2] : new long[] {(Long) o.get("sec"), (Long) o.get("nsec")});
        }
        return out;
    }
}
