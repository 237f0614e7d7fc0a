package org.vdsoexplorer.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.model.asm.Instruction;
import org.vdsoexplorer.model.asm.Listing;
import org.vdsoexplorer.model.asm.ListingException;
import org.vdsoexplorer.model.asm.ListingParser;

/** The committed gcc listings parse, map to C lines, and show the prologues the seeds discuss. */
class ListingsTest {

    private static List<String> pushes(Listing l, String function) {
        long start = l.symbol(function).orElseThrow();
        return l.instructions().stream().dropWhile(i -> i.address() < start).limit(12) // the prologue
                .filter(i -> i.mnemonic().equals("push")).map(Instruction::text).toList();
    }

    @Test
    void everyVariantParsesWithSourceLinesAndCompilerRecorded() {
        for (Variant v : Variant.values()) {
            Listing l = Listings.of(v);
            assertTrue(l.compiler().startsWith("gcc"), v + ": " + l.compiler());
            long withLine = l.instructions().stream().filter(i -> i.source().isKnown()).count();
            // legacy.lst's __kernel_vsyscall is hand-written assembly: no C lines there
            double want = v == Variant.LEGACY ? 0.6 : 0.8;
            assertTrue(withLine > l.size() * want, v + ": only " + withLine + " of " + l.size() + " map to a C line");
        }
    }

    @Test
    void inliningDoHresTimensAddsCalleeSavedPushesToTheHostPath() {
        int unlikely = pushes(Listings.of(Variant.UNLIKELY), "do_hres").size();
        int inline = pushes(Listings.of(Variant.TIMENS_INLINE), "do_hres").size();
        int noinline = pushes(Listings.of(Variant.TIMENS_NOINLINE), "do_hres").size();
        assertEquals(3, unlikely, "push %rbp, %r12, %rbx as in seed 000's 'Before'");
        assertEquals(5, inline, "push %rbp, %r14, %r13, %r12, %rbx as in seed 000's 'After'");
        assertTrue(noinline < inline, "noinline takes pushes off the host path");
        assertTrue(Listings.of(Variant.TIMENS_NOINLINE).symbol("do_hres_timens").isPresent());
        assertTrue(Listings.of(Variant.TIMENS_INLINE).symbol("do_hres_timens").isEmpty());
    }

    @Test
    void malformedListingsAreReportedWithFileAndLine() {
        // operands the model cannot read are kept, and refused only if executed (RunListingTest)
        assertEquals("register '%foo' is not a general-purpose register", ListingParser.parse("x", "x.lst",
                "0000000000001000 <main>:\n    1000:\tmov    %foo,%rax\n    1004:\tret\n").get(0).problem());
        ListingException e = assertThrows(ListingException.class, () -> ListingParser.parse("x", "x.lst", "hello world\n"));
        assertEquals("x.lst:1: not an objdump line: 'hello world'", e.getMessage());
        e = assertThrows(ListingException.class, () -> ListingParser.parse("x", "x.lst", "# only a header\n"));
        assertTrue(e.getMessage().contains("no instructions found"));
    }
}
