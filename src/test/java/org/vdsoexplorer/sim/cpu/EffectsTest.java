package org.vdsoexplorer.sim.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.vdsoexplorer.sim.Compiler;
import org.vdsoexplorer.sim.Listings;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.asm.Listing;
import org.vdsoexplorer.sim.asm.ListingParser;
import org.vdsoexplorer.sim.cost.CostTable;

/**
 * What {@link Effects} says each op reads and writes is what the op does: for every instruction of every vDSO listing
 * (each compiler) and of the interpreter's test programs, from random registers, flags and memory, a register or the
 * flags outside the op's writes are unchanged, and changing a register or the flags outside its reads changes nothing
 * it writes (registers, flags, the next instruction, the memory it stores and where). A replayed call
 * ({@link CallTrace}) skips every instruction these sets say cannot see the counter, so an op that read more than it
 * says would make a replay wrong.
 */
class EffectsTest {
    private static final int SAMPLES = 12;

    /** Memory that holds any address: a byte not written is a hash of its address. */
    private static final class AnyMemory implements Memory {
        final Map<Long, Byte> written = new LinkedHashMap<>();
        final List<long[]> stores = new ArrayList<>();
        long salt;

        /** As new, its bytes not written a hash of their address and {@code s}. */
        void reset(long s) {
            written.clear();
            stores.clear();
            salt = s;
        }

        private byte at(long a) {
            Byte b = written.get(a);
            return b != null ? b : (byte) (Long.hashCode(a * 0x9E3779B97F4A7C15L + salt) >>> 3);
        }

        @Override public long read(long address, int size) {
            long v = 0;
            for (int i = 0; i < size; i++) v |= (at(address + i) & 0xffL) << (8 * i);
            return v;
        }

        @Override public void write(long address, int size, long value) {
            stores.add(new long[] {address, size, value});
            for (int i = 0; i < size; i++) written.put(address + i, (byte) (value >>> (8 * i)));
        }
    }

    /** The registers, flags, next index and stores after instruction {@code i} from a given state. */
    private record After(List<Long> regs, long rflags, int next, List<List<Long>> stores, boolean fault) {}

    /** One listing's interpreter and memory, set up afresh for each run of one instruction. */
    private record Bench(Interpreter x, AnyMemory mem) {
        static Bench of(Listing l) {
            AnyMemory mem = new AnyMemory();
            return new Bench(new Interpreter(l, CostTable.defaults(), mem, Hooks.NONE), mem);
        }

        /** Registers {@code regs}, flags from {@code flagsSeed} (explicit or pending), memory from {@code salt}. */
        void setUp(long[] regs, long flagsSeed, long salt) {
            mem.reset(salt);
            System.arraycopy(regs, 0, x.cpu.r, 0, 16);
            Random f = new Random(flagsSeed);
            if (f.nextBoolean()) x.cpu.setFlags(f.nextBoolean(), f.nextBoolean(), f.nextBoolean(), f.nextBoolean(), f.nextBoolean());
            else x.cpu.lazy(1 + f.nextInt(3), f.nextLong(), f.nextLong(), f.nextLong(), 1 << f.nextInt(4));
        }

        /** Instruction {@code i} from that state: the registers in {@code writes}, the flags if in it, next, stores. */
        After run(int i, long[] regs, long flagsSeed, long salt, int writes) {
            setUp(regs, flagsSeed, salt);
            int next;
            x.setBare(true);
            try {
                next = x.execBare(i);
            } catch (ExecutionException e) {
                return new After(List.of(), 0, 0, List.of(), true);
            } finally {
                x.setBare(false);
            }
            List<Long> out = new ArrayList<>();
            for (int reg = 0; reg < 16; reg++) out.add((writes & (1 << reg)) != 0 ? x.cpu.r[reg] : -1L);
            List<List<Long>> st = mem.stores.stream().map(s -> List.of(s[0], s[1], s[2])).toList();
            return new After(out, (writes & Effects.FLAGS) != 0 ? x.cpu.rflags() : 0, next, st, false);
        }
    }

    static Stream<Listing> listings() throws IOException {
        List<Listing> out = new ArrayList<>();
        for (Compiler c : Compiler.values()) for (Variant v : Variant.values()) out.add(Listings.of(v, c));
        try (Stream<Path> s = Files.list(Path.of("src/test/resources/asm"))) {
            s.filter(p -> p.toString().endsWith(".lst")).sorted().forEach(p -> out.add(ListingParser.parse(p)));
        }
        return out.stream();
    }

    @TestFactory
    Stream<DynamicTest> everyOpReadsAndWritesWhatItsEffectsSay() throws IOException {
        return listings().map(l -> DynamicTest.dynamicTest(l.name(), () -> {
            int known = 0;
            Bench b = Bench.of(l);
            for (int i = 0; i < l.size(); i++) {
                Effects e = b.x().effects(i);
                if (!e.known()) continue;
                known++;
                String at = l.name() + ":" + l.get(i).text().strip();
                Random rnd = new Random(i * 31L + l.size());
                for (int k = 0; k < SAMPLES; k++) {
                    long[] regs = new long[16];
                    for (int reg = 0; reg < 16; reg++) regs[reg] = k % 3 == 0 ? rnd.nextInt(64) : rnd.nextLong();
                    long flags = rnd.nextLong(), salt = rnd.nextLong();
                    // what it does not write stays as it was
                    After all = b.run(i, regs, flags, salt, 0xffff | Effects.FLAGS);
                    if (all.fault()) continue;
                    for (int reg = 0; reg < 16; reg++) {
                        if ((e.writes() & (1 << reg)) == 0) assertEquals(regs[reg], (long) all.regs().get(reg), at + ": writes r" + reg);
                    }
                    if ((e.writes() & Effects.FLAGS) == 0) {
                        b.setUp(regs, flags, salt);
                        assertEquals(b.x().cpu.rflags(), all.rflags(), at + ": changes the flags");
                    }
                    // what it does not read changes nothing it writes
                    After base = b.run(i, regs, flags, salt, e.writes());
                    for (int reg = 0; reg < 16; reg++) {
                        if ((e.reads() & (1 << reg)) != 0) continue;
                        long[] other = regs.clone();
                        other[reg] = rnd.nextLong();
                        assertEquals(base, b.run(i, other, flags, salt, e.writes()), at + ": reads r" + reg);
                    }
                    if ((e.reads() & Effects.FLAGS) == 0) {
                        assertEquals(base, b.run(i, regs, rnd.nextLong(), salt, e.writes()), at + ": reads the flags");
                    }
                }
            }
            assertTrue(known > l.size() / 2, l.name() + ": only " + known + " of " + l.size() + " instructions have known effects");
        }));
    }
}
