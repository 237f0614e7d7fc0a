package org.vdsoexplorer.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.sim.asm.Instruction;
import org.vdsoexplorer.sim.asm.Listing;
import org.vdsoexplorer.sim.asm.Operand;

/**
 * The v5.6 listing has v5.6's inline choices (lib/vdso/gettimeofday.c at v5.6: do_hres() and do_coarse()
 * static __always_inline, do_hres_timens() and do_coarse_timens() plain static) and v5.6's TSC test
 * (arch/x86/include/asm/vdso/gettimeofday.h at v5.6: a plain if, the likely() came in v5.7).
 */
class KernelExactVariantsTest {

    /** The conditional jump right after each "cmp $0x1,%eXX" (the clock_mode == VCLOCK_TSC test). */
    private static List<String> tscBranches(Listing l) {
        List<Instruction> all = l.instructions();
        return all.stream().filter(i -> i.mnemonic().equals("cmp") && i.operands().size() == 2
                        && i.operands().get(0) instanceof Operand.Imm imm && imm.value() == 1
                        && i.operands().get(1) instanceof Operand.Reg r && r.size() == 4)
                .map(i -> all.get(i.index() + 1).mnemonic()).toList();
    }

    @Test
    void v56InlinesDoHresAndDoCoarseAlwaysAndLeavesTheNamespaceFunctionsToTheCompiler() {
        for (Compiler c : Compiler.values()) {
            Listing v56 = Listings.of(Variant.V5_6, c);
            assertTrue(v56.symbol("do_hres").isEmpty() && v56.symbol("do_coarse").isEmpty(), c + ": __always_inline");
            long entry = v56.symbol("__vdso_clock_gettime").orElseThrow();
            assertTrue(v56.instructions().stream().anyMatch(i -> i.mnemonic().equals("rdtscp")
                    && v56.symbol(i.symbol()).orElse(-1L) == entry), c + ": the hres read is in __vdso_clock_gettime");
            // plain static, two callers (do_hres via clock_gettime and via gettimeofday): every compiler here keeps
            // do_hres_timens out of line, which is what keeps its spills off the host path
            assertTrue(v56.symbol("do_hres_timens").isPresent(), c + ": do_hres_timens out of line");
        }
        // with both namespace functions out of line, the host path saves what the always-inline experiment saves
        assertEquals(ListingsTest.pushes(Listings.of(Variant.ALWAYS_INLINE), "__vdso_clock_gettime"),
                ListingsTest.pushes(Listings.of(Variant.V5_6), "__vdso_clock_gettime"));
        assertEquals(List.of("push %rbp", "push %r12", "push %rbx"),
                ListingsTest.pushes(Listings.of(Variant.V5_6), "__vdso_clock_gettime"), "gcc 12");
    }

    @Test
    void theTscCaseIsATakenBranchUntilV57MarkedItLikely() {
        for (Compiler c : List.of(Compiler.GCC_12, Compiler.GCC_11)) {
            for (Variant v : List.of(Variant.V5_6, Variant.TIMENS_INLINE, Variant.UNLIKELY)) {
                List<String> b = tscBranches(Listings.of(v, c));
                assertTrue(!b.isEmpty() && b.stream().allMatch("je"::equals), c + "/" + v + ": 'cmp $0x1; je' as in seed 000: " + b);
            }
            List<String> b = tscBranches(Listings.of(Variant.V5_13, c));
            assertTrue(!b.isEmpty() && b.stream().allMatch("jne"::equals), c + "/v5.13: likely() makes TSC fall through: " + b);
        }
        // clang 16 lays the TSC case out as the fall-through with or without the hint
        assertTrue(tscBranches(Listings.of(Variant.V5_6, Compiler.CLANG_16)).stream().allMatch("jne"::equals));
    }
}
