package org.vdsoexplorer.sim;

import java.util.List;

/** Finds lines of assets/csrc/vdso_model.c by their text, so tests survive the file growing. */
public final class CSource {
    private CSource() { }

    /** The 1-based line of the first line equal to {@code text} (tabs included) after the first line containing {@code after}. */
    public static int lineOf(String after, String text) {
        List<String> lines = Listings.resource("/assets/csrc/vdso_model.c").lines().toList();
        int from = 0;
        while (from < lines.size() && !lines.get(from).contains(after)) from++;
        if (from == lines.size()) throw new IllegalStateException("vdso_model.c has no line containing '" + after + "'");
        for (int i = from; i < lines.size(); i++) {
            if (lines.get(i).equals(text)) return i + 1;
        }
        throw new IllegalStateException("vdso_model.c has no line '" + text + "' after '" + after + "'");
    }
}
