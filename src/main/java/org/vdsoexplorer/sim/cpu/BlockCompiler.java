package org.vdsoexplorer.sim.cpu;

import static java.lang.constant.ConstantDescs.CD_boolean;
import static java.lang.constant.ConstantDescs.CD_int;
import static java.lang.constant.ConstantDescs.CD_long;
import static java.lang.constant.ConstantDescs.CD_void;

import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassHierarchyResolver;
import java.lang.classfile.CodeBuilder;
import java.lang.classfile.Label;
import java.lang.classfile.instruction.SwitchCase;
import java.lang.constant.ClassDesc;
import java.lang.constant.MethodTypeDesc;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code run} command's long loops compiled: each straight run of an interpreter's register-only instructions,
 * ending at its conditional or unconditional jump, becomes a JVM method (built with the JDK's {@code java.lang.classfile}
 * API and defined as a hidden class beside the interpreter), which HotSpot then compiles to machine code; a dispatcher
 * chains them by instruction index. Emulators have long done this (QEMU's TCG, and in Java the JPC x86 emulator,
 * which translated basic blocks to bytecode); here it does only what the interpreter does, with the per-instruction
 * bookkeeping taken out of the loop:
 * <ul>
 * <li>each op's work is the same code with its operands as constants: the {@link FastOps} forms, {@code lea} and
 * {@code nop} written out, the flags recorded by the same {@link Cpu#lazy}, a condition tested by the same
 * {@link Cond#test}; any other register-only op calls its own {@link Op#exec};</li>
 * <li>a jump's prediction and extra cycles go through {@link Interpreter#predictAndCharge}, as the interpreter's;</li>
 * <li>the counts that only add up (retirements per instruction, instructions, the additive model's cycles) are kept
 * per block and added when the compiled code returns: nothing a compiled block runs reads them.</li>
 * </ul>
 * Only ops that cannot fault and do not touch memory, the counter or the kernel are compiled (a load, a store, a
 * division, rdtsc, a call, a return, a system call stop a block: the interpreter runs them), and only under the
 * additive model with no event sink, no category override and no replay: elsewhere every instruction is stepped.
 * {@code BlockCompilerTest} runs every listing both ways and compares the whole state.
 */
final class BlockCompiler {
    private BlockCompiler() {}

    /** The generated code. */
    abstract static class Blocks {
        /** Per block: its first and last instruction index. */
        final int[] first, last;
        /** Per instruction index: the block that starts there, or -1. */
        final int[] startsAt;

        Blocks(int[] first, int[] last, int[] startsAt) {
            this.first = first;
            this.last = last;
            this.startsAt = startsAt;
        }

        /**
         * Runs blocks from index {@code at} while each starts at a block's first instruction and fits in {@code budget}
         * instructions; counts each block's runs in {@code runs}. Returns the next index; {@code out[0]} the budget
         * left, {@code out[1]} the last instruction executed (-1 if none).
         */
        abstract int run(Interpreter x, Op[] ops, int at, long budget, long[] runs, long[] out);
    }

    /**
     * At most this many blocks: the dispatcher takes about 40 bytes of bytecode a block and must stay under 8,000 bytes,
     * above which HotSpot does not compile a method (HugeMethodLimit) and it would run in the bytecode interpreter
     * (BlockCompilerTest checks the size at this many).
     */
    static final int MAX_BLOCKS = 150;

    private static final ClassDesc CD_INTERPRETER = ClassDesc.of(Interpreter.class.getName());
    private static final ClassDesc CD_CPU = ClassDesc.of(Cpu.class.getName());
    private static final ClassDesc CD_OP = ClassDesc.of(Op.class.getName());
    private static final ClassDesc CD_COND = ClassDesc.of(Cond.class.getName());
    private static final ClassDesc CD_BLOCKS = ClassDesc.of(Blocks.class.getName());
    private static final ClassDesc CD_LONGS = CD_long.arrayType(), CD_OPS = CD_OP.arrayType();
    private static final MethodTypeDesc BLOCK = MethodTypeDesc.of(CD_int, CD_INTERPRETER, CD_LONGS, CD_CPU, CD_OPS, CD_LONGS);
    private static final MethodTypeDesc RUN = MethodTypeDesc.of(CD_int, CD_INTERPRETER, CD_OPS, CD_int, CD_long, CD_LONGS, CD_LONGS);
    private static final MethodTypeDesc INIT = MethodTypeDesc.of(CD_void, CD_int.arrayType(), CD_int.arrayType(), CD_int.arrayType());
    private static final MethodTypeDesc LAZY = MethodTypeDesc.of(CD_void, CD_int, CD_long, CD_long, CD_long, CD_int);

    /**
     * True if {@code op} can run inside a compiled block (other than as its closing jump): an op that cannot fault and
     * touches no memory, the counter or the kernel. Listed by operands, not by {@link Effects}' address registers: a
     * rip-relative or absolute memory operand has none.
     */
    static boolean compilable(Op op) {
        return switch (op) {
            case FastOps.MovRR o -> true;
            case FastOps.MovRI o -> true;
            case FastOps.Alu o -> true; // register or immediate operands only
            case Op.Lea o -> true; // its operand is an address, not an access
            case Op.Nop o -> true;
            case Op.SignExtendAcc o -> true;
            case Op.Mov o -> registers(o.dst, o.src);
            case Op.Movx o -> registers(o.dst, o.src);
            case Op.Xchg o -> registers(o.a, o.b);
            case Op.Alu o -> registers(o.dst, o.src);
            case Op.Unary o -> registers(o.dst);
            case Op.Bt o -> registers(o.dst, o.offset);
            case Op.Shift o -> registers(o.dst, o.count);
            case Op.DoubleShift o -> registers(o.dst, o.src, o.count);
            case Op.Imul o -> registers(o.dst, o.a, o.b);
            case Op.MulWide o -> registers(o.src);
            case Op.Cmov o -> registers(o.dst, o.src);
            case Op.Setcc o -> registers(o.dst);
            default -> false; // loads, stores, the stack, division (#DE), rdtsc, jumps, calls, returns, kernel entries
        };
    }

    /** No operand is a memory reference (null: an operand the op does not have). */
    private static boolean registers(Loc... operands) {
        for (Loc l : operands) if (l != null && l.kind == Loc.MEM) return false;
        return true;
    }

    /**
     * Where blocks start: the listing's first instruction, its symbols, {@code entry}, every jump's and call's target,
     * and every instruction after a jump or after an op the blocks do not run (where the interpreter hands back).
     */
    static boolean[] leaders(Op[] ops, org.vdsoexplorer.sim.asm.Listing listing, int entry) {
        boolean[] leaders = new boolean[ops.length];
        if (ops.length == 0) return leaders;
        leaders[0] = true;
        if (entry >= 0 && entry < ops.length) leaders[entry] = true;
        for (long address : listing.symbols().values()) {
            int i = listing.indexOf(address);
            if (i >= 0) leaders[i] = true;
        }
        for (int i = 0; i < ops.length; i++) {
            Op op = ops[i];
            if (op instanceof Op.Jcc j && j.targetIndex >= 0) leaders[j.targetIndex] = true;
            if (op instanceof Op.Call c && listing.indexOf(c.target) >= 0) leaders[listing.indexOf(c.target)] = true;
            if (i + 1 < ops.length && (op instanceof Op.Jcc || !compilable(op))) leaders[i + 1] = true;
        }
        return leaders;
    }

    /** A jump that may close a block: its target is an instruction of the listing. */
    private static boolean closes(Op op) { return op instanceof Op.Jcc j && j.targetIndex >= 0; }

    /** The blocks of {@code ops}, compiled; null if none is worth it (no block that ends with a jump). */
    static Blocks compile(Op[] ops, boolean[] leaders) {
        Plan plan = plan(ops, leaders);
        if (plan == null) return null;
        try {
            MethodHandles.Lookup hidden = MethodHandles.lookup().defineHiddenClass(plan.classFile(), true);
            return (Blocks) hidden.findConstructor(hidden.lookupClass(), MethodType.methodType(void.class, int[].class, int[].class,
                    int[].class)).invoke(plan.first(), plan.last(), plan.startsAt());
        } catch (Throwable t) {
            throw new IllegalStateException("compiling the listing's blocks failed", t);
        }
    }

    /** The blocks found and the class file that runs them. */
    record Plan(int[] first, int[] last, int[] startsAt, byte[] classFile) {}

    /** The blocks of {@code ops} and their class file; null if no block ends with a jump. */
    static Plan plan(Op[] ops, boolean[] leaders) {
        List<int[]> blocks = new ArrayList<>();
        int[] startsAt = new int[ops.length];
        java.util.Arrays.fill(startsAt, -1);
        boolean anyJump = false;
        for (int i = 0; i < ops.length && blocks.size() < MAX_BLOCKS; i++) {
            if (!leaders[i]) continue;
            int end = i;
            while (end < ops.length && compilable(ops[end]) && (end == i || !leaders[end])) end++;
            if (end < ops.length && closes(ops[end]) && (end == i || !leaders[end])) {
                anyJump = true;
            } else {
                end--; // stops before an op it cannot run, or before the next block
            }
            if (end < i) continue;
            startsAt[i] = blocks.size();
            blocks.add(new int[] {i, end});
        }
        if (!anyJump) return null;
        byte[] bytes = ClassFile.of(ClassFile.ClassHierarchyResolverOption.of(ClassHierarchyResolver.defaultResolver()
                .orElse(ClassHierarchyResolver.ofClassLoading(BlockCompiler.class.getClassLoader())))).build(ClassDesc.of(BlockCompiler.class.getPackageName() + ".CompiledBlocks"), cb -> {
            cb.withFlags(ClassFile.ACC_FINAL | ClassFile.ACC_SUPER);
            cb.withSuperclass(CD_BLOCKS);
            cb.withMethodBody("<init>", INIT, 0, code -> {
                code.aload(0).aload(1).aload(2).aload(3);
                code.invokespecial(CD_BLOCKS, "<init>", INIT);
                code.return_();
            });
            for (int k = 0; k < blocks.size(); k++) {
                int[] b = blocks.get(k);
                int block = k;
                cb.withMethodBody("b" + k, BLOCK, ClassFile.ACC_STATIC | ClassFile.ACC_PRIVATE, code -> block(code, ops, block, b[0], b[1]));
            }
            cb.withMethodBody("run", RUN, 0, code -> dispatcher(code, blocks));
        });
        return new Plan(blocks.stream().mapToInt(b -> b[0]).toArray(), blocks.stream().mapToInt(b -> b[1]).toArray(), startsAt, bytes);
    }

    // locals of run: 0 this, 1 x, 2 ops, 3 at, 4-5 budget, 6 runs, 7 out, 8 last, 9 r, 10 c
    private static void dispatcher(CodeBuilder code, List<int[]> blocks) {
        ClassDesc self = ClassDesc.of(BlockCompiler.class.getPackageName() + ".CompiledBlocks");
        Label loop = code.newLabel(), exit = code.newLabel();
        code.iconst_m1().istore(8);
        code.aload(1).getfield(CD_INTERPRETER, "cpu", CD_CPU).dup().astore(10).getfield(CD_CPU, "r", CD_LONGS).astore(9);
        code.labelBinding(loop);
        List<SwitchCase> cases = new ArrayList<>();
        List<Label> labels = new ArrayList<>();
        for (int[] b : blocks) {
            Label l = code.newLabel();
            labels.add(l);
            cases.add(SwitchCase.of(b[0], l));
        }
        code.iload(3).lookupswitch(exit, cases);
        for (int k = 0; k < blocks.size(); k++) {
            int[] b = blocks.get(k);
            long len = b[1] - b[0] + 1;
            code.labelBinding(labels.get(k));
            // if (budget < len) exit; budget -= len; at = bk(x, r, c, ops, runs); last = end (the dispatcher stays small
            // enough for HotSpot to inline it into the interpreter's loop)
            code.lload(4).ldc(len).lcmp().iflt(exit);
            code.lload(4).ldc(len).lsub().lstore(4);
            code.aload(1).aload(9).aload(10).aload(2).aload(6).invokestatic(self, "b" + k, BLOCK).istore(3);
            code.ldc(b[1]).istore(8);
            code.goto_(loop);
        }
        code.labelBinding(exit);
        code.aload(7).iconst_0().lload(4).lastore();
        code.aload(7).iconst_1().iload(8).i2l().lastore();
        code.iload(3).ireturn();
    }

    // locals of block k: 0 x, 1 r, 2 c, 3 ops, 4 runs, 5-6 a, 7-8 b, 9-10 v, 11 taken
    private static void block(CodeBuilder code, Op[] ops, int k, int first, int last) {
        code.aload(4).ldc(k).dup2().laload().lconst_1().ladd().lastore(); // runs[k]++
        for (int i = first; i <= last; i++) {
            Op op = ops[i];
            switch (op) {
                case FastOps.MovRR m -> {
                    code.aload(1).ldc(m.d).aload(1).ldc(m.s).laload();
                    if (m.mask != -1L) code.ldc(m.mask).land();
                    code.lastore();
                }
                case FastOps.MovRI m -> code.aload(1).ldc(m.d).ldc(m.v).lastore();
                case FastOps.Alu a -> alu(code, a);
                case Op.Lea l when l.dst.kind == Loc.REG && l.dst.size >= 4 -> {
                    code.aload(1).ldc(l.dst.num);
                    code.ldc(l.mem.disp);
                    if (l.mem.base >= 0) code.aload(1).ldc(l.mem.base).laload().ladd();
                    if (l.mem.index >= 0) code.aload(1).ldc(l.mem.index).laload().ldc((long) l.mem.scale).lmul().ladd();
                    if (l.dst.size == 4) code.ldc(0xffffffffL).land();
                    code.lastore();
                }
                case Op.Nop n -> { }
                case Op.Jcc j -> {
                    // predictAndCharge(x, index, taken, conditional); return taken ? target : index + 1
                    code.aload(0).ldc(i);
                    if (j.cond < 0) code.iconst_1().iconst_0();
                    else code.ldc(j.cond).aload(2).invokestatic(CD_COND, "test", MethodTypeDesc.of(CD_boolean, CD_int, CD_CPU)).dup().istore(11).iconst_1();
                    code.invokevirtual(CD_INTERPRETER, "predictAndCharge", MethodTypeDesc.of(CD_boolean, CD_int, CD_boolean, CD_boolean)).pop();
                    if (j.cond < 0) {
                        code.ldc(j.targetIndex).ireturn();
                    } else {
                        Label notTaken = code.newLabel();
                        code.iload(11).ifeq(notTaken).ldc(j.targetIndex).ireturn();
                        code.labelBinding(notTaken).ldc(i + 1).ireturn();
                    }
                    return;
                }
                default -> code.aload(3).ldc(i).aaload().aload(0).invokevirtual(CD_OP, "exec", MethodTypeDesc.of(CD_void, CD_INTERPRETER));
            }
        }
        code.ldc(last + 1).ireturn();
    }

    /** {@link FastOps.Alu#exec}, its operands constants. */
    private static void alu(CodeBuilder code, FastOps.Alu a) {
        // a = r[d] & mask; b = s < 0 ? imm : r[s] & mask
        code.aload(1).ldc(a.d).laload();
        if (a.mask != -1L) code.ldc(a.mask).land();
        code.lstore(5);
        if (a.s < 0) code.ldc(a.imm);
        else {
            code.aload(1).ldc(a.s).laload();
            if (a.mask != -1L) code.ldc(a.mask).land();
        }
        code.lstore(7);
        boolean logic = switch (a.kind) {
            case AND, OR, XOR, TEST -> true;
            default -> false;
        };
        code.lload(5).lload(7);
        switch (a.kind) {
            case ADD -> code.ladd();
            case SUB, CMP -> code.lsub();
            case AND, TEST -> code.land();
            case OR -> code.lor();
            case XOR -> code.lxor();
            default -> throw new IllegalStateException("adc/sbb are never specialised: " + a.kind);
        }
        if (!logic && a.mask != -1L) code.ldc(a.mask).land();
        code.lstore(9);
        // c.lazy(op, a, b, v, size)
        code.aload(2).ldc(switch (a.kind) {
            case ADD -> Cpu.F_ADD;
            case SUB, CMP -> Cpu.F_SUB;
            default -> Cpu.F_LOGIC;
        });
        if (logic) code.lconst_0().lconst_0();
        else code.lload(5).lload(7);
        code.lload(9).ldc(a.size).invokevirtual(CD_CPU, "lazy", LAZY);
        if (a.kind != Op.AluKind.CMP && a.kind != Op.AluKind.TEST) code.aload(1).ldc(a.d).lload(9).lastore();
    }
}
