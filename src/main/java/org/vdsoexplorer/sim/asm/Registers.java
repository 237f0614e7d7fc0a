package org.vdsoexplorer.sim.asm;

import java.util.HashMap;
import java.util.Map;

/** Names of the x86-64 general-purpose registers, in encoding order (rax=0 ... r15=15). */
public final class Registers {
    public static final int RAX = 0, RCX = 1, RDX = 2, RBX = 3, RSP = 4, RBP = 5, RSI = 6, RDI = 7,
            R8 = 8, R9 = 9, R10 = 10, R11 = 11, R12 = 12, R13 = 13, R14 = 14, R15 = 15;
    public static final int COUNT = 16;

    private static final String[] Q = {"rax", "rcx", "rdx", "rbx", "rsp", "rbp", "rsi", "rdi",
            "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15"};
    private static final String[] D = {"eax", "ecx", "edx", "ebx", "esp", "ebp", "esi", "edi",
            "r8d", "r9d", "r10d", "r11d", "r12d", "r13d", "r14d", "r15d"};
    private static final String[] W = {"ax", "cx", "dx", "bx", "sp", "bp", "si", "di",
            "r8w", "r9w", "r10w", "r11w", "r12w", "r13w", "r14w", "r15w"};
    private static final String[] B = {"al", "cl", "dl", "bl", "spl", "bpl", "sil", "dil",
            "r8b", "r9b", "r10b", "r11b", "r12b", "r13b", "r14b", "r15b"};
    private static final Map<String, Operand.Reg> BY_NAME = new HashMap<>();

    static {
        for (int i = 0; i < COUNT; i++) {
            BY_NAME.put(Q[i], new Operand.Reg(i, 8));
            BY_NAME.put(D[i], new Operand.Reg(i, 4));
            BY_NAME.put(W[i], new Operand.Reg(i, 2));
            BY_NAME.put(B[i], new Operand.Reg(i, 1));
        }
    }

    private Registers() {}

    /** The register named {@code name} (without %), or null if it is not a general-purpose register we model. */
    public static Operand.Reg byName(String name) { return BY_NAME.get(name); }

    public static String name(int num, int size) {
        return switch (size) {
            case 8 -> Q[num];
            case 4 -> D[num];
            case 2 -> W[num];
            default -> B[num];
        };
    }

    public static String name64(int num) { return Q[num]; }
}
