package org.vdsoexplorer.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.vdsoexplorer.sim.asm.Instruction;
import org.vdsoexplorer.sim.asm.Listing;
import org.vdsoexplorer.sim.asm.ListingException;
import org.vdsoexplorer.sim.asm.ListingParser;
import org.vdsoexplorer.sim.asm.Registers;
import org.vdsoexplorer.sim.cost.CostTable;
import org.vdsoexplorer.sim.cpu.ExecutionException;
import org.vdsoexplorer.sim.cpu.Fault;

/**
 * Running listings people actually have (objdump -d, -d -l, --no-show-raw-insn, made by gcc and binutils
 * from src/test/resources/objdump/funcs.c), and the hostile-input reproducers of issue 14, each by name.
 */
class RunListingTest {
    private static final Path FIXTURES = Path.of("src/test/resources/objdump");

    private static ListingRunner.Result call(Listing l, String entry, long rdi, long rsi) {
        return ListingRunner.run(l, entry, Map.of(Registers.RDI, rdi, Registers.RSI, rsi), 1_000_000, CostTable.defaults());
    }

    @ParameterizedTest
    @ValueSource(strings = {"funcs-d.txt", "funcs-dl.txt", "funcs-noraw.txt"})
    void objdumpOutputRunsBesideAFunctionOutsideTheSubset(String file) {
        Listing l = ListingParser.parse(FIXTURES.resolve(file));
        assertEquals(42, call(l, "mul3", 14, 0).rax(), "lea (%rdi,%rdi,2),%rax");
        ListingRunner.Result d = call(l, "divide", -7, 2);
        assertEquals(-3, d.rax(), "cqto; idiv %rsi of -7 by 2");
        assertEquals(-1, d.cpu().cpu.r[Registers.RDX], "the remainder");
        assertEquals(0, call(l, "sum", ListingRunner.BUFFER, 0).rax());
        ExecutionException e = assertThrows(ExecutionException.class, () -> call(l, "half", 0, 0));
        assertTrue(e.getMessage().matches(".*" + file + ":\\d+: instruction 'mulsd 0x0\\(%rip\\),%xmm0' is outside the"
                + " modelled x86-64 subset \\(register '%xmm0' is not a general-purpose register\\)"), e.getMessage());
    }

    @Test
    void theThreeFormatsGiveTheSameInstructions() {
        List<Instruction> d = ListingParser.parse(FIXTURES.resolve("funcs-d.txt")).instructions();
        for (String other : List.of("funcs-dl.txt", "funcs-noraw.txt")) {
            List<Instruction> o = ListingParser.parse(FIXTURES.resolve(other)).instructions();
            assertEquals(d.size(), o.size(), other);
            for (int i = 0; i < d.size(); i++) {
                Instruction a = d.get(i), b = o.get(i);
                assertEquals(List.of(a.address(), a.length(), a.mnemonic(), a.operands(), a.text(), a.symbol()),
                        List.of(b.address(), b.length(), b.mnemonic(), b.operands(), b.text(), b.symbol()), other + " #" + i);
            }
        }
        Instruction lea = d.stream().filter(i -> i.mnemonic().equals("lea")).findFirst().orElseThrow();
        assertEquals(4, lea.length(), "48 8d 04 7f");
        Instruction mulsd = d.getFirst();
        assertEquals(8, mulsd.length(), "seven bytes, and one more on objdump's continuation line");
    }

    @Test
    void sourceLinesOfDashL() {
        Listing l = ListingParser.parse(FIXTURES.resolve("funcs-dl.txt"));
        Instruction lea = l.instructions().stream().filter(i -> i.mnemonic().equals("lea")).findFirst().orElseThrow();
        assertEquals(5, lea.source().line(), "funcs.c:5 is mul3");
        assertTrue(lea.source().file().endsWith("funcs.c"));
        assertEquals("mul3", lea.source().function());
    }

    // ---- issue 14 reproducers ---------------------------------------------------------------------

    @Test
    void accessStraddlingTwoPagesReadsAndWritesBoth() {
        ListingRunner.Result r = ListingRunner.run(Listings.of(Variant.TIMENS_INLINE), "__vdso_clock_gettime",
                Map.of(Registers.RDI, 1L, Registers.RSI, 0x7ffd_efff_effcL), 1_000_000, CostTable.defaults());
        assertEquals(0, r.rax());
        ListingRunner.Result ref = ListingRunner.run(Listings.of(Variant.TIMENS_INLINE), "__vdso_clock_gettime",
                Map.of(Registers.RDI, 1L, Registers.RSI, ListingRunner.BUFFER), 1_000_000, CostTable.defaults());
        assertEquals(ref.memory().read(ListingRunner.BUFFER, 8), r.memory().read(0x7ffd_efff_effcL, 8), "tv_sec across the page");
        assertEquals(ref.memory().read(ListingRunner.BUFFER + 8, 8), r.memory().read(0x7ffd_efff_f004L, 8));
    }

    @Test
    void farApartAddressesNeedNoArraySpanningThem() {
        for (String far : List.of("80000000", "7ffffff0", "7fffffffffff")) {
            Listing l = ListingParser.parse("far", "far.lst", "0000000000000000 <f>:\n 0:\tret\n " + far + ":\tret\n");
            assertEquals(1, l.indexOf(Long.parseLong(far, 16)));
            assertEquals(-1, l.indexOf(1));
            assertEquals(1, call(l, "f", 0, 0).instructions());
        }
    }

    @Test
    void sourceLineNumberOutOfRange() {
        refused("0000000000001000 <f>:\nx.c:99999999999\n 1000:\tret\n", "x.lst:2: source line number 99999999999 is out of range");
    }

    @Test
    void addressOver64Bits() {
        refused("0000000000001000 <f>:\n 100000000000000000:\tret\n", "x.lst:2: address 0x100000000000000000 does not fit in 64 bits");
        refused("ffffffff81000000 <f>:\n", "x.lst:1: address 0xffffffff81000000 is above the x86-64 user address space");
    }

    @Test
    void invalidUtf8(@TempDir Path tmp) throws Exception {
        Path f = tmp.resolve("bad.lst");
        Files.write(f, new byte[] {'#', ' ', 'x', '\n', (byte) 0xff, '\n'});
        ListingException e = assertThrows(ListingException.class, () -> ListingParser.parse(f));
        assertEquals(f + ":2: not UTF-8 text: invalid byte 0xff (a listing is objdump's text output)", e.getMessage());
        Files.writeString(f, "# \uFFFD is a character like any other\n0000000000001000 <f>:\n 1000:\tret\n", StandardCharsets.UTF_8);
        assertEquals(1, ListingParser.parse(f).size());
    }

    @Test
    void fileNamesAreReportedAsGiven(@TempDir Path tmp) throws Exception {
        Path f = tmp.resolve("unsup.txt");
        Files.writeString(f, "0000000000001000 <f>:\n 1000:\tcpuid\n 1002:\tret\n");
        ExecutionException e = assertThrows(ExecutionException.class, () -> call(ListingParser.parse(f), "f", 0, 0));
        assertTrue(e.getMessage().startsWith(f + ":2: instruction 'cpuid' is outside"), e.getMessage());
    }

    @Test
    void runtimeFaultsNameTheListingLine() {
        Fault div = assertThrows(Fault.class, () -> call(listing(" 1000:\tmov %rdi,%rax\n 1003:\tcqto\n 1005:\tidiv %rsi\n 1008:\tret\n"), "f", 1, 0));
        assertEquals("SIGFPE at 0x1005: divide error (#DE): division by zero (x.lst:4 'idiv %rsi')", div.getMessage());
        ExecutionException jmp = assertThrows(ExecutionException.class, () -> call(listing(" 1000:\tjmp 1001\n 1002:\tret\n"), "f", 0, 0));
        assertEquals("x.lst:2: branch to 0x1001, not an instruction ('jmp 1001')", jmp.getMessage());
        ExecutionException ret = assertThrows(ExecutionException.class, () -> call(listing(" 1000:\tpush %rdi\n 1001:\tret\n"), "f", 0x1234, 0));
        assertTrue(ret.getMessage().startsWith("x.lst:3: returned to 0x1234, which is neither an instruction"), ret.getMessage());
        ExecutionException end = assertThrows(ExecutionException.class, () -> call(listing(" 1000:\tnop\n"), "f", 0, 0));
        assertEquals("x.lst:2: execution ran past the last instruction of the listing ('nop')", end.getMessage());
        ExecutionException loop = assertThrows(ExecutionException.class, () -> call(listing(" 1000:\tjmp 1000\n"), "f", 0, 0));
        assertTrue(loop.getMessage().startsWith("x.lst:2: no return after 1000000 instructions"), loop.getMessage());
    }

    /** Issue 24: a load where nothing is mapped faults, as on the machine (it used to return 0 from the model's 16 KiB stack). */
    @Test
    void aLoadWhereNothingIsMappedIsSigsegv() {
        Fault f = assertThrows(Fault.class, () -> call(listing(" 1000:\tmov 0x7ffdefffcffc,%rax\n 1008:\tret\n"), "f", 0, 0));
        assertEquals("SIGSEGV at 0x7ffdefffcffc: read of unmapped address (x.lst:2 'mov 0x7ffdefffcffc,%rax')", f.getMessage());
        Fault w = assertThrows(Fault.class, () -> call(listing(" 1000:\tmov %rax,0x1000\n 1008:\tret\n"), "f", 0, 0));
        assertEquals("SIGSEGV", w.signal());
        // the stack page the call runs on is mapped: a store and a load just under rsp work
        assertEquals(7, call(listing(" 1000:\tmov %rdi,-0x8(%rsp)\n 1005:\tmov -0x8(%rsp),%rax\n 100a:\tret\n"), "f", 7, 0).rax());
    }

    @Test
    void limitsOnSize() {
        StringBuilder b = new StringBuilder("0000000000001000 <f>:\n");
        for (int i = 0; i <= ListingParser.MAX_INSTRUCTIONS; i++) b.append(' ').append(Integer.toHexString(0x1000 + i)).append(":\tnop\n");
        refused(b.toString(), "x.lst:" + (ListingParser.MAX_INSTRUCTIONS + 2) + ": more than " + ListingParser.MAX_INSTRUCTIONS + " instructions");
    }

    private static Listing listing(String body) {
        return ListingParser.parse("x", "x.lst", "0000000000001000 <f>:\n" + body);
    }

    private static void refused(String text, String start) {
        ListingException e = assertThrows(ListingException.class, () -> ListingParser.parse("x", "x.lst", text));
        assertTrue(e.getMessage().startsWith(start), e.getMessage());
    }
}
