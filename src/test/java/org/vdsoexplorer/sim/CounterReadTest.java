package org.vdsoexplorer.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.sim.asm.Instruction;
import org.vdsoexplorer.sim.asm.Listing;

/**
 * Every listing reads the counter as the running kernel does. v5.6 arch/x86/include/asm/msr.h
 * {@code rdtsc_ordered()} is {@code ALTERNATIVE_2("rdtsc", "lfence; rdtsc", X86_FEATURE_LFENCE_RDTSC,
 * "rdtscp", X86_FEATURE_RDTSCP)} with an {@code "ecx"} clobber and no memory clobber (commit be261ffce6f1);
 * {@code init_vdso_image()} (arch/x86/entry/vdso/vma.c) applies it to the vDSO at boot and the last matching
 * alternative wins, so on every CPU with RDTSCP the 5-byte site holds {@code rdtscp} and the 2-byte nop
 * {@code 66 90} ({@code xchg %ax,%ax}). Checked in every listing of every compiler, as objdump printed it.
 */
class CounterReadTest {

    private static final Pattern READS_CX = Pattern.compile("%(rcx|ecx|cx|cl|ch)\\b");

    private static List<Listing> allListings() {
        List<Listing> all = new ArrayList<>();
        for (Compiler c : Compiler.values()) {
            for (Variant v : Variant.values()) if (v != Variant.LEGACY) all.add(Listings.of(v, c));
        }
        return all;
    }

    /** The line of the C model's rdtsc_ordered() asm statement. */
    private static int asmLine() throws java.io.IOException {
        List<String> lines = java.nio.file.Files.readAllLines(java.nio.file.Path.of("assets/csrc/vdso_model.c"));
        for (int k = 0; k < lines.size(); k++) if (lines.get(k).contains("__asm__ __volatile__(RDTSC_ORDERED_SITE")) return k + 1;
        throw new AssertionError("no rdtsc_ordered() asm in vdso_model.c");
    }

    @Test
    void everyCounterReadIsTheRdtscpSiteInitVdsoImagePatchesIn() throws java.io.IOException {
        int asmLine = asmLine();
        int sites = 0;
        for (Listing l : allListings()) {
            List<Instruction> in = l.instructions();
            boolean any = false;
            for (Instruction i : in) {
                String where = l.name() + " " + i;
                assertTrue(!i.mnemonic().equals("lfence") && !i.mnemonic().equals("rdtsc"), where + ": not what v5.6 runs on a CPU with RDTSCP");
                if (!i.mnemonic().equals("rdtscp")) continue;
                any = true;
                sites++;
                assertEquals(asmLine, i.source().line(), where + ": the read comes from rdtsc_ordered()'s asm");
                assertEquals(3, i.length(), where);
                Instruction pad = in.get(i.index() + 1);
                assertEquals(i.nextAddress(), pad.address(), where);
                assertEquals("xchg %ax,%ax", pad.text().replaceAll("\\s+", " ").trim(), where + ": the site's 2-byte nop");
                assertEquals(2, pad.length(), where);
            }
            assertTrue(any, l.name() + ": no counter read");
        }
        assertTrue(sites > 3 * 11, "sites: " + sites);
    }

    /**
     * The listings hold one site, rdtscp: that is right only while every core the pipeline can be run on is one where
     * init_vdso_image() patches in rdtscp. A core without RDTSCP in assets/timing.yaml would need its own listings
     * (the C model builds the lfence; rdtsc site with -DCOUNTER_READ_LFENCE_RDTSC).
     */
    @Test
    void everyCoreOfTheTimingTableRunsTheSiteTheListingsHold() {
        for (org.vdsoexplorer.sim.timing.Core core : org.vdsoexplorer.sim.timing.TimingTable.defaults().cores()) {
            assertEquals(org.vdsoexplorer.sim.timing.CounterRead.RDTSCP, core.counterRead(), core.id());
        }
    }

    /**
     * The "ecx" clobber, seen from the code: no value the compiler keeps in rcx lives across the read. Until rcx
     * is written again (or control leaves the straight line), nothing after an rdtscp reads rcx.
     */
    @Test
    void nothingReadsRcxAfterTheReadBeforeWritingIt() {
        for (Listing l : allListings()) {
            List<Instruction> in = l.instructions();
            for (Instruction i : in) {
                if (!i.mnemonic().equals("rdtscp")) continue;
                for (int k = i.index() + 1; k < in.size(); k++) {
                    Instruction n = in.get(k);
                    String ops = n.text().replaceFirst("^\\S+\\s*", "");
                    int comma = ops.lastIndexOf(',');
                    String sources = comma < 0 ? ops : ops.substring(0, comma);
                    String dest = comma < 0 ? "" : ops.substring(comma + 1);
                    boolean writesCx = n.mnemonic().startsWith("mov") && READS_CX.matcher(dest).find()
                            && !READS_CX.matcher(sources).find();
                    if (writesCx) break;
                    assertTrue(!READS_CX.matcher(ops).find(), l.name() + " " + n + ": reads rcx " + (k - i.index())
                            + " instructions after the rdtscp at " + i.addressHex());
                    if (n.mnemonic().startsWith("j") || n.mnemonic().startsWith("ret") || n.mnemonic().startsWith("call")) break;
                }
            }
        }
    }
}
