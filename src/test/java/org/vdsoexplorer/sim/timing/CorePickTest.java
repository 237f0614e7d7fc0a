package org.vdsoexplorer.sim.timing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** The student's core from /proc/cpuinfo: the kernel's family/model ranges, and a fallback that says it is one. */
class CorePickTest {
    private static final TimingTable T = TimingTable.defaults();

    /** A /proc/cpuinfo block as Linux prints it (two processors; only the first counts). */
    private static String cpuinfo(String vendor, int family, int model) {
        String one = "processor\t: %d\nvendor_id\t: " + vendor + "\ncpu family\t: " + family + "\nmodel\t\t: " + model
                + "\nmodel name\t: Some CPU\nstepping\t: 1\nflags\t\t: fpu tsc rdtscp lm\n\n";
        return String.format(one, 0) + String.format(one, 1).replace("model\t\t: " + model, "model\t\t: 255");
    }

    private static CorePick pick(String vendor, int family, int model) { return CorePick.fromCpuinfo(T, cpuinfo(vendor, family, model)); }

    @Test
    void zen2Zen3Zen4AndAlderLakeArePickedByTheKernelsRanges() {
        CorePick p = pick("AuthenticAMD", 0x17, 0x31);
        assertEquals("zen2", p.core().id());
        assertTrue(p.matched());
        assertEquals("zen3", pick("AuthenticAMD", 0x19, 0x21).core().id());
        CorePick z4 = pick("AuthenticAMD", 0x19, 0x11);
        assertEquals("zen4", z4.core().id());
        assertTrue(z4.why().startsWith("zen4 (AMD Zen 4 (Ryzen 7000, EPYC 9004)): this CPU is AuthenticAMD family 0x19 model 0x11"),
                z4.why());
        assertTrue(z4.why().contains("amd.c"), z4.why());
        assertEquals("zen4", pick("AuthenticAMD", 0x19, 0x61).core().id(), "Raphael");
        assertEquals("zen3", pick("AuthenticAMD", 0x19, 0x50).core().id(), "Cezanne");
        assertEquals("goldencove", pick("GenuineIntel", 6, 0x97).core().id());
        assertEquals("goldencove", pick("GenuineIntel", 6, 0x8f).core().id(), "Sapphire Rapids");
        assertEquals("skylake", pick("GenuineIntel", 6, 0x9e).core().id(), "Coffee Lake");
    }

    @Test
    void anUnknownCpuFallsBackToTheDefaultAndSaysSo() {
        CorePick p = pick("GenuineIntel", 6, 0x55);
        assertEquals("zen2", p.core().id());
        assertFalse(p.matched());
        assertEquals("zen2 (AMD Zen 2 (Ryzen 3000, EPYC 7002)) as a fallback: this CPU is GenuineIntel family 0x6 model 0x55, "
                + "and assets/timing.yaml has no table for it, so the model uses its default core, not this CPU's", p.why());
        assertFalse(pick("AuthenticAMD", 0x17, 0x01).matched(), "Zen 1 has no table");
        assertFalse(pick("AuthenticAMD", 0x1a, 0x44).matched(), "Zen 5 has no table");
        assertFalse(pick("HygonGenuine", 0x18, 0x01).matched(), "the vendor counts");
        CorePick none = CorePick.fromCpuinfo(T, "processor\t: 0\nCPU implementer\t: 0x41\n");
        assertFalse(none.matched());
        assertTrue(none.why().contains("as a fallback: /proc/cpuinfo names no vendor_id, cpu family and model"), none.why());
    }

    @Test
    void parseReadsTheFirstProcessorOnly() {
        assertEquals(Optional.of(new CorePick.Cpu("AuthenticAMD", 25, 17)), CorePick.parse(cpuinfo("AuthenticAMD", 25, 17)));
        assertEquals(Optional.empty(), CorePick.parse("vendor_id\t: GenuineIntel\ncpu family\t: six\nmodel\t\t: 1\n"));
    }

    /** The pick for this machine agrees with its family and model read here by another way (a regular expression). */
    @Test
    void thisMachinesPickAgreesWithItsCpuinfo() throws Exception {
        Assumptions.assumeTrue(Files.isReadable(CorePick.PROC_CPUINFO), "no /proc/cpuinfo");
        String text = Files.readString(CorePick.PROC_CPUINFO);
        Matcher v = Pattern.compile("(?m)^vendor_id\\s*:\\s*(\\S+)").matcher(text);
        Matcher f = Pattern.compile("(?m)^cpu family\\s*:\\s*(\\d+)").matcher(text);
        Matcher m = Pattern.compile("(?m)^model\\s*:\\s*(\\d+)").matcher(text);
        Assumptions.assumeTrue(v.find() && f.find() && m.find(), "not an x86 /proc/cpuinfo");
        String vendor = v.group(1);
        int family = Integer.parseInt(f.group(1)), model = Integer.parseInt(m.group(1));
        CorePick p = CorePick.thisMachine(T);
        String expected = vendor.equals("AuthenticAMD") && family == 0x19 && (model >= 0x10 && model <= 0x1f || model >= 0x60 && model <= 0xaf) ? "zen4"
                : vendor.equals("AuthenticAMD") && family == 0x19 && (model <= 0x0f || model >= 0x20 && model <= 0x5f) ? "zen3"
                : vendor.equals("AuthenticAMD") && family == 0x17 && (model >= 0x30 && model <= 0x4f || model >= 0x60 && model <= 0x7f
                        || model == 0x90 || model == 0x91 || model >= 0xa0 && model <= 0xaf) ? "zen2"
                : vendor.equals("GenuineIntel") && family == 6 && java.util.List.of(0x97, 0x9a, 0xb7, 0xba, 0xbf, 0x8f, 0xcf).contains(model) ? "goldencove"
                : vendor.equals("GenuineIntel") && family == 6 && java.util.List.of(0x4e, 0x5e, 0x8e, 0x9e, 0xa5, 0xa6).contains(model) ? "skylake"
                : null;
        assertEquals(expected != null, p.matched(), p.why());
        assertEquals(expected == null ? "zen2" : expected, p.core().id(), p.why());
        assertTrue(p.why().contains(String.format(java.util.Locale.ROOT, "%s family %#x model %#x", vendor, family, model)), p.why());
    }
}
