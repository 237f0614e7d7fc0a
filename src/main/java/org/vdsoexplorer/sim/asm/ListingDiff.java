package org.vdsoexplorer.sim.asm;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A line diff of two listings (longest common subsequence over the instruction text with addresses and
 * branch targets masked), and which instructions belong to prologues and epilogues (callee-saved pushes
 * and pops, frame set-up and tear-down, ret). No JavaFX.
 */
public final class ListingDiff {
    private static final Pattern TARGET = Pattern.compile("\\b[0-9a-f]+ <[^>]*>");
    private static final Pattern RIP = Pattern.compile("-?0x[0-9a-f]+\\(%rip\\)");
    private static final Pattern COMMENT = Pattern.compile("#.*$");

    private final Listing a, b;
    private final boolean[] onlyA, onlyB;

    public ListingDiff(Listing a, Listing b) {
        this.a = a;
        this.b = b;
        List<String> x = normalized(a), y = normalized(b);
        int n = x.size(), m = y.size();
        int[][] l = new int[n + 1][m + 1];
        for (int i = n - 1; i >= 0; i--) {
            for (int j = m - 1; j >= 0; j--) {
                l[i][j] = x.get(i).equals(y.get(j)) ? l[i + 1][j + 1] + 1 : Math.max(l[i + 1][j], l[i][j + 1]);
            }
        }
        onlyA = new boolean[n];
        onlyB = new boolean[m];
        int i = 0, j = 0;
        while (i < n && j < m) {
            if (x.get(i).equals(y.get(j))) {
                i++;
                j++;
            } else if (l[i + 1][j] >= l[i][j + 1]) {
                onlyA[i++] = true;
            } else {
                onlyB[j++] = true;
            }
        }
        while (i < n) onlyA[i++] = true;
        while (j < m) onlyB[j++] = true;
    }

    static List<String> normalized(Listing l) {
        List<String> out = new ArrayList<>();
        for (Instruction in : l.instructions()) out.add(normalize(in.text()));
        return out;
    }

    static String normalize(String text) {
        String t = COMMENT.matcher(text).replaceAll("");
        t = TARGET.matcher(t).replaceAll("<target>");
        t = RIP.matcher(t).replaceAll("rip-rel");
        return t.replaceAll("\\s+", " ").trim();
    }

    /** True if instruction {@code index} of listing A has no counterpart in B. */
    public boolean onlyInA(int index) { return onlyA[index]; }

    public boolean onlyInB(int index) { return onlyB[index]; }

    public Listing a() { return a; }

    public Listing b() { return b; }

    public int countOnlyA() { return count(onlyA, null); }

    public int countOnlyB() { return count(onlyB, null); }

    /** Prologue/epilogue instructions ({@link #frame}) of A that B does not have. */
    public int countFrameOnlyA() { return count(onlyA, a); }

    public int countFrameOnlyB() { return count(onlyB, b); }

    /** True if every instruction has its counterpart: the same code (e.g. both panes run one listing). */
    public boolean identical() { return a == b || onlyA.length == onlyB.length && countOnlyA() == 0 && countOnlyB() == 0; }

    private static int count(boolean[] only, Listing frames) {
        int n = 0;
        for (int i = 0; i < only.length; i++) if (only[i] && (frames == null || frame(frames.get(i)))) n++;
        return n;
    }

    /** Prologue/epilogue instructions: push, pop, leave, ret, and rsp/rbp frame arithmetic. */
    public static boolean frame(Instruction in) {
        String m = in.mnemonic();
        if (m.startsWith("push") || m.startsWith("pop") || m.equals("leave") || m.startsWith("ret")) return true;
        String t = in.text();
        return (m.startsWith("sub") || m.startsWith("add")) && t.endsWith("%rsp") || t.contains("%rsp,%rbp");
    }
}
