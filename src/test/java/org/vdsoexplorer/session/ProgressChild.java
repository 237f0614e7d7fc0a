package org.vdsoexplorer.session;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * A second app on the same account, for {@link ClassroomProgressTest}: a JVM of its own with a {@link ProgressStore}.
 * Only the store's API of before issue 28 is used, so the tests can be run against the old store too.
 *
 * <ul>
 *   <li>{@code serve DIR}: the store in DIR; prints "ready", then per line of standard input does one thing and
 *       prints "ok" and whether it saved: {@code visit LESSON STEP STEPS}, {@code answer LESSON STEP RIGHT} (each then
 *       saved), {@code burst LESSON FROM TO SHARED_OFFSET} (for each step from FROM to TO: visited, answered right
 *       if even, step 2*i+SHARED_OFFSET of lesson "shared" answered right, saved), {@code quit}.</li>
 *   <li>{@code system}: the store where this process's environment says; visits step 2 of "seqlock", saves, and
 *       prints {@code saved=}, {@code warning=}, {@code file=} and {@code jnu=} (the JVM's file-name encoding).</li>
 * </ul>
 */
public final class ProgressChild {
    private ProgressChild() {}

    public static void main(String[] args) throws Exception {
        if (args[0].equals("system")) {
            ProgressStore s = ProgressStore.open();
            s.visit("seqlock", 1, 5);
            boolean saved = s.save();
            System.out.println("saved=" + saved);
            System.out.println("warning=" + s.warning());
            System.out.println("file=" + s.file());
            System.out.println("jnu=" + System.getProperty("sun.jnu.encoding"));
            return;
        }
        ProgressStore s = ProgressStore.open(Path.of(args[1]));
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        System.out.println("ready");
        for (String line; (line = in.readLine()) != null; ) {
            String[] w = line.split(" ");
            boolean saved = true;
            switch (w[0]) {
                case "quit" -> { return; }
                case "visit" -> {
                    s.visit(w[1], Integer.parseInt(w[2]), Integer.parseInt(w[3]));
                    saved = s.save();
                }
                case "answer" -> {
                    s.answered(w[1], Integer.parseInt(w[2]), Boolean.parseBoolean(w[3]));
                    saved = s.save();
                }
                case "burst" -> {
                    int from = Integer.parseInt(w[2]), to = Integer.parseInt(w[3]), offset = Integer.parseInt(w[4]);
                    for (int i = from; i <= to; i++) {
                        s.visit(w[1], i, to + 1);
                        s.answered(w[1], i, i % 2 == 0);
                        s.answered("shared", 2 * i + offset, true);
                        saved &= s.save();
                    }
                }
                default -> throw new IllegalArgumentException(line);
            }
            System.out.println("ok " + saved + " " + s.warning());
        }
    }
}
