package org.vdsoexplorer.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.sim.asm.Instruction;
import org.vdsoexplorer.sim.asm.Listing;

/**
 * What the code-layout and register-spills lessons say about the committed listings (beyond ListingsTest):
 * inlining do_hres() into the entry function (always-inline against timens-noinline) costs gcc 11 one more
 * push there, and gcc 12 a stack realignment instead; the v5.6 build calls do_hres_timens() out of line.
 */
class LessonListingClaimsTest {

    private static List<Instruction> prologue(Listing l, String function) {
        long start = l.symbol(function).orElseThrow();
        return l.instructions().stream().dropWhile(i -> i.address() < start).limit(12).toList();
    }

    private static boolean realignsStack(Listing l, String function) {
        return prologue(l, function).stream().anyMatch(i -> i.mnemonic().equals("and") && i.text().contains("%rsp"));
    }

    @Test
    void inliningDoHresIntoTheEntryFunctionCostsGcc11OneMorePushAndGcc12AStackRealignment() {
        String entry = "__vdso_clock_gettime";
        for (Compiler c : List.of(Compiler.GCC_11, Compiler.GCC_12)) {
            Listing noinline = Listings.of(Variant.TIMENS_NOINLINE, c);
            Listing always = Listings.of(Variant.ALWAYS_INLINE, c);
            assertTrue(noinline.symbol("do_hres").isPresent() && always.symbol("do_hres").isEmpty(),
                    c + ": always-inline inlines do_hres into the entry function, timens-noinline does not");
            assertTrue(noinline.symbol("do_coarse").isEmpty() && always.symbol("do_coarse").isEmpty(),
                    c + ": do_coarse is inlined in both builds");
        }
        assertEquals(3, ListingsTest.pushes(Listings.of(Variant.TIMENS_NOINLINE, Compiler.GCC_11), entry).size());
        assertEquals(4, ListingsTest.pushes(Listings.of(Variant.ALWAYS_INLINE, Compiler.GCC_11), entry).size());
        List<String> gcc12 = List.of("push %rbp", "push %r12", "push %rbx");
        assertEquals(gcc12, ListingsTest.pushes(Listings.of(Variant.TIMENS_NOINLINE, Compiler.GCC_12), entry));
        assertEquals(gcc12, ListingsTest.pushes(Listings.of(Variant.ALWAYS_INLINE, Compiler.GCC_12), entry));
        assertTrue(realignsStack(Listings.of(Variant.ALWAYS_INLINE, Compiler.GCC_12), entry));
        assertTrue(!realignsStack(Listings.of(Variant.TIMENS_NOINLINE, Compiler.GCC_12), entry));
    }

    @Test
    void gcc12KeepsDoHresTimensOutOfLineInTheV56Build() {
        Listing v56 = Listings.of(Variant.V5_6, Compiler.GCC_12);
        assertTrue(v56.symbol("do_hres_timens").isPresent());
        assertTrue(v56.instructions().stream().anyMatch(i -> i.mnemonic().equals("call") && i.text().contains("<do_hres_timens")));
    }
}
