package org.vdsoexplorer.sim.cpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.vdsoexplorer.sim.ListingRunner;
import org.vdsoexplorer.sim.Listings;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.asm.Listing;
import org.vdsoexplorer.sim.asm.ListingParser;
import org.vdsoexplorer.sim.asm.Registers;
import org.vdsoexplorer.sim.cost.CostTable;
import org.vdsoexplorer.sim.event.Event;
import org.vdsoexplorer.sim.kernel.AddressSpace;
import org.vdsoexplorer.sim.kernel.Scenario;

/**
 * Runs every interpreter test program and every vDSO listing twice, with the {@link FastOps} specialisations
 * on and off, and compares the whole state after every instruction: registers, flags, rip, cycle and
 * retirement counters, predictor, the events of the step (every memory write is one), the stack from the
 * red zone below rsp to its top; and the whole stack at the end of each run.
 */
class FastOpsDifferentialTest {
    private static final CostTable COSTS = CostTable.defaults();
    private static final int MAX_STEPS = 5000;

    /** The interpreter's test programs (asm/*.lst; BlockCompilerTest runs them too). */
    static List<Path> testPrograms() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(Path.of("src/test/resources/asm"))) {
            files = s.filter(p -> p.toString().endsWith(".lst")).sorted().toList();
        }
        assertTrue(files.size() >= 15, "the interpreter test programs are missing");
        return files;
    }

    @TestFactory
    Stream<DynamicTest> asmProgramsAgreeStepByStep() throws IOException {
        return testPrograms().stream().map(f -> DynamicTest.dynamicTest(f.getFileName().toString(),
                () -> compare(ListingParser.parse(f), "main", Map.of(), Scenario.HOST)));
    }

    @TestFactory
    Stream<DynamicTest> vdsoListingsAgreeStepByStep() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Variant v : Variant.values()) {
            Listing l = Listings.of(v);
            for (String entry : l.symbols().keySet()) {
                if (!entry.startsWith("__vdso") && !entry.startsWith("legacy_")) continue;
                for (Scenario sc : Scenario.values()) {
                    tests.add(DynamicTest.dynamicTest(v.cliName() + " " + entry + " " + sc.cliName(), () -> {
                        for (long arg : new long[] {0, 1, 4, 5, 7, 11, -1}) {
                            Map<Integer, Long> regs = new HashMap<>();
                            regs.put(Registers.RDI, arg);
                            regs.put(Registers.RSI, ListingRunner.BUFFER);
                            regs.put(Registers.RBX, arg);
                            regs.put(Registers.RCX, ListingRunner.BUFFER);
                            compare(l, entry, regs, sc);
                        }
                    }));
                }
            }
        }
        assertTrue(tests.size() >= 40, "too few vDSO entry points found: " + tests.size());
        return tests.stream();
    }

    /** The two decodings really differ (else the comparison above proves nothing). */
    @Test
    void theSpecialisedDecodingUsesFastOpsAndTheOtherDoesNot() {
        Listing l = Listings.of(Variant.UNLIKELY);
        Interpreter fast = new Interpreter(l, COSTS, new AddressSpace(l.textStart(), l.textEnd()), Hooks.NONE, true);
        Interpreter slow = new Interpreter(l, COSTS, new AddressSpace(l.textStart(), l.textEnd()), Hooks.NONE, false);
        assertTrue(countFast(fast) > 10, "the vDSO listing has hot mov/alu forms");
        assertEquals(0, countFast(slow));
    }

    /** Every class with a dispatch CODE has its own, and its instances carry it. */
    @Test
    void dispatchCodesAreDistinctPerClass() throws Exception {
        Map<Integer, Class<?>> seen = new HashMap<>();
        for (Class<?> outer : List.of(Op.class, FastOps.class)) {
            for (Class<?> c : outer.getDeclaredClasses()) {
                if (!Op.class.isAssignableFrom(c) || Modifier.isAbstract(c.getModifiers())) continue;
                Field f;
                try {
                    f = c.getDeclaredField("CODE");
                } catch (NoSuchFieldException e) {
                    continue;
                }
                int code = f.getInt(null);
                assertNotEquals(0, code, c + ": code 0 means 'a virtual call'");
                Class<?> other = seen.put(code, c);
                assertEquals(null, other, c + " and " + other + " share code " + code);
            }
        }
        assertTrue(seen.size() >= 10, "the hot classes declare their codes");
        Listing l = Listings.of(Variant.UNLIKELY);
        Interpreter fast = new Interpreter(l, COSTS, new AddressSpace(l.textStart(), l.textEnd()), Hooks.NONE, true);
        for (Op op : ops(fast)) {
            Class<?> owner = seen.get(op.code);
            assertTrue(op.code == 0 ? !seen.containsValue(op.getClass()) : owner == op.getClass(),
                    op.getClass() + " carries code " + op.code);
        }
    }

    /** The interpreter's decoded ops (BlockCompilerTest too). */
    static Op[] ops(Interpreter x) {
        try {
            Field f = Interpreter.class.getDeclaredField("ops");
            f.setAccessible(true);
            return (Op[]) f.get(x);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    private static long countFast(Interpreter x) {
        return Stream.of(ops(x)).filter(o -> o.getClass().getEnclosingClass() == FastOps.class).count();
    }

    private static void compare(Listing listing, String entry, Map<Integer, Long> regs, Scenario sc) {
        ListingRunner.Prepared a = ListingRunner.prepare(listing, entry, regs, COSTS, sc, true);
        ListingRunner.Prepared b = ListingRunner.prepare(listing, entry, regs, COSTS, sc, false);
        List<Event> ea = new ArrayList<>(), eb = new ArrayList<>();
        a.cpu().setSink(ea::add);
        b.cpu().setSink(eb::add);
        String what = listing.name() + " " + entry + " " + regs + " " + sc.cliName();
        for (int step = 0; step < MAX_STEPS && !a.cpu().outsideText(); step++) {
            String at = what + ", step " + step + " at " + a.cpu().current();
            String fa = stepOrFault(a.cpu()), fb = stepOrFault(b.cpu());
            assertEquals(fa, fb, at + ": faults differ");
            assertEquals(ea, eb, at + ": events differ");
            assertSameState(a, b, at, a.cpu().cpu.r[Registers.RSP] - 256);
            if (fa != null) return;
            ea.clear();
            eb.clear();
        }
        assertEquals(a.cpu().outsideText(), b.cpu().outsideText(), what);
        assertSameState(a, b, what + " at the end", AddressSpace.STACK_TOP - AddressSpace.STACK_SIZE);
    }

    private static String stepOrFault(Interpreter x) {
        try {
            x.step();
            return null;
        } catch (ExecutionException e) {
            return e.getClass().getSimpleName() + ": " + e.getMessage();
        }
    }

    /** The whole interpreter state and the stack from {@code from} up are equal (BlockCompilerTest too). */
    static void assertSameState(ListingRunner.Prepared a, ListingRunner.Prepared b, String at, long from) {
        Interpreter.State sa = a.cpu().save(), sb = b.cpu().save();
        assertArrayEquals(sa.cpu.r, sb.cpu.r, at + ": registers differ");
        assertEquals(sa.cpu.save(), sb.cpu.save(), at + ": rip or flags differ");
        assertEquals(sa.pc, sb.pc, at);
        assertEquals(sa.cycles, sb.cycles, at + ": cycles differ");
        assertEquals(sa.instructions, sb.instructions, at);
        assertEquals(sa.kernelEntries, sb.kernelEntries, at);
        assertArrayEquals(sa.byCategory, sb.byCategory, at);
        assertArrayEquals(sa.executed, sb.executed, at);
        assertArrayEquals(sa.executedOverride, sb.executedOverride, at);
        assertArrayEquals(sa.predictor, sb.predictor, at);
        assertEquals(sa.override, sb.override, at);
        // and nothing else differs: the whole holders, the lazy flags in their computed form (the two op sets may
        // leave the same flags pending in different forms)
        sa.cpu.restore(sa.cpu.save());
        sb.cpu.restore(sb.cpu.save());
        assertEquals(sa, sb, at + ": the interpreters' states differ");
        long base = Math.max(from & ~7L, AddressSpace.STACK_TOP - AddressSpace.STACK_SIZE);
        for (long p = base; p < AddressSpace.STACK_TOP; p += 8) {
            if (a.memory().read(p, 8) != b.memory().read(p, 8)) {
                throw new AssertionError(at + ": stack differs at 0x" + Long.toHexString(p));
            }
        }
    }
}
