package org.vdsoexplorer.model.cpu;

/** x86 condition codes, by the suffix objdump prints (je, cmovns, setbe ...). */
enum Cond {
    O, NO, B, AE, E, NE, BE, A, S, NS, P, NP, L, GE, LE, G;

    boolean test(Cpu c) {
        return switch (this) {
            case O -> c.of;
            case NO -> !c.of;
            case B -> c.cf;
            case AE -> !c.cf;
            case E -> c.zf;
            case NE -> !c.zf;
            case BE -> c.cf || c.zf;
            case A -> !c.cf && !c.zf;
            case S -> c.sf;
            case NS -> !c.sf;
            case P -> c.pf;
            case NP -> !c.pf;
            case L -> c.sf != c.of;
            case GE -> c.sf == c.of;
            case LE -> c.zf || c.sf != c.of;
            case G -> !c.zf && c.sf == c.of;
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
