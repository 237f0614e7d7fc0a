package org.vdsoexplorer.sim.cpu;

/** x86 condition codes, by the suffix objdump prints (je, cmovns, setbe ...). */
enum Cond {
    O, NO, B, AE, E, NE, BE, A, S, NS, P, NP, L, GE, LE, G;

    boolean test(Cpu c) { return test(ordinal(), c); }

    /** The hot-path form: condition by ordinal, an int switch the JIT turns into a jump table. */
    static boolean test(int cond, Cpu c) {
        return switch (cond) {
            case 0 -> c.of();
            case 1 -> !c.of();
            case 2 -> c.cf();
            case 3 -> !c.cf();
            case 4 -> c.zf();
            case 5 -> !c.zf();
            case 6 -> c.cf() || c.zf();
            case 7 -> !c.cf() && !c.zf();
            case 8 -> c.sf();
            case 9 -> !c.sf();
            case 10 -> c.pf();
            case 11 -> !c.pf();
            case 12 -> c.sf() != c.of();
            case 13 -> c.sf() == c.of();
            case 14 -> c.zf() || c.sf() != c.of();
            default -> !c.zf() && c.sf() == c.of();
        };
    }

    /** The condition for a suffix such as "ne", "nbe", "z", or null. */
    static Cond of(String s) {
        return switch (s) {
            case "o" -> O;
            case "no" -> NO;
            case "b", "c", "nae" -> B;
            case "ae", "nb", "nc" -> AE;
            case "e", "z" -> E;
            case "ne", "nz" -> NE;
            case "be", "na" -> BE;
            case "a", "nbe" -> A;
            case "s" -> S;
            case "ns" -> NS;
            case "p", "pe" -> P;
            case "np", "po" -> NP;
            case "l", "nge" -> L;
            case "ge", "nl" -> GE;
            case "le", "ng" -> LE;
            case "g", "nle" -> G;
            default -> null;
        };
    }
}
