package org.vdsoexplorer.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 28's classroom faults for the progress file: two windows or two apps on one account, a synced file linked
 * into place, a lab account whose HOME is not the user database's, a data folder the locale cannot name, a full
 * disk. Each case failed with the store of before (which rewrote its own copy of the whole file at every step).
 */
class ClassroomProgressTest {
    static final long BOUND_S = 60;

    @TempDir Path dir;

    // ---- two windows in one app -------------------------------------------------------------------------------

    @Test
    void twoWindowsInOneAppTakingTurnsLoseNothing() {
        ProgressStore a = ProgressStore.open(dir); // window A: lesson 1
        ProgressStore b = ProgressStore.open(dir); // window B: lesson 2, opened before A saved anything
        for (int i = 0; i < 6; i++) {
            a.visit("why-vdso", i, 6);
            a.answered("why-vdso", i, true);
            a.answered("shared", 2 * i, true);
            assertTrue(a.save(), a.warning());
            b.visit("seqlock", i, 10);
            b.answered("seqlock", i, false);
            b.answered("shared", 2 * i + 1, false);
            assertTrue(b.save(), b.warning());
        }
        a.visit("why-vdso", 2, 6); // one more step in A, after B's last
        assertTrue(a.save());

        ProgressStore disk = ProgressStore.open(dir);
        assertEquals("", disk.warning());
        assertEquals(2, disk.peek("why-vdso").step());
        assertEquals(5, disk.peek("why-vdso").furthest());
        assertTrue(disk.peek("why-vdso").done());
        assertEquals(steps(0, 5, true), disk.peek("why-vdso").answers());
        assertEquals(5, disk.peek("seqlock").step(), "B's lesson-2 progress is kept");
        assertEquals(steps(0, 5, false), disk.peek("seqlock").answers());
        Map<Integer, Boolean> shared = new TreeMap<>();
        for (int i = 0; i < 12; i++) shared.put(i, i % 2 == 0);
        assertEquals(shared, disk.peek("shared").answers(), "one lesson in both windows: the answers of both");
        assertEquals("why-vdso", disk.last(), "the latest save's lesson is the last opened");
        // and A's view took in B's work at its save
        assertEquals(steps(0, 5, false), a.peek("seqlock").answers());
    }

    @Test
    void twoWindowsInOneAppSavingAtOnceLoseNothing() throws Exception {
        int n = 60;
        CyclicBarrier start = new CyclicBarrier(2);
        List<CompletableFuture<Void>> windows = new ArrayList<>();
        // a thread per window (the common pool may have one thread on a small machine)
        java.util.concurrent.ExecutorService threads = java.util.concurrent.Executors.newFixedThreadPool(2);
        for (int w = 0; w < 2; w++) {
            int offset = w;
            windows.add(CompletableFuture.runAsync(() -> {
                ProgressStore s = ProgressStore.open(dir);
                try {
                    start.await(BOUND_S, TimeUnit.SECONDS);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                for (int i = 0; i < n; i++) {
                    s.visit("lesson-" + offset, i, n);
                    s.answered("shared", 2 * i + offset, true);
                    if (!s.save()) throw new AssertionError(s.warning());
                }
            }, threads));
        }
        try {
            for (CompletableFuture<Void> f : windows) f.get(BOUND_S, TimeUnit.SECONDS);
        } finally {
            threads.shutdownNow();
        }
        ProgressStore disk = ProgressStore.open(dir);
        for (int w = 0; w < 2; w++) assertEquals(n - 1, disk.peek("lesson-" + w).furthest(), "window " + w);
        assertEquals(steps(0, 2 * n - 1, true), disk.peek("shared").answers());
    }

    @Test
    void aResetInOneWindowIsNotUndoneByTheOtherWindowsNextStep() {
        ProgressStore a = ProgressStore.open(dir);
        a.visit("seqlock", 4, 10);
        a.answered("seqlock", 3, true);
        a.visit("why-vdso", 1, 5);
        assertTrue(a.save());
        ProgressStore b = ProgressStore.open(dir);
        assertEquals(4, b.peek("seqlock").step());
        a.reset("seqlock");
        assertTrue(a.save());
        b.visit("why-vdso", 2, 5); // B goes on in another lesson
        assertTrue(b.save());
        ProgressStore disk = ProgressStore.open(dir);
        assertNull(disk.peek("seqlock"), "the reset holds");
        assertEquals(2, disk.peek("why-vdso").step());
        assertNull(b.peek("seqlock"), "B's view took in the reset");
    }

    // ---- two apps on one account ------------------------------------------------------------------------------

    @Test
    void twoAppsOnOneAccountWritingAlternatelyLoseNothing() throws Exception {
        Child b = new Child(dir);
        ProgressStore a = ProgressStore.open(dir);
        try {
            for (int i = 0; i < 5; i++) {
                a.visit("why-vdso", i, 8);
                a.answered("why-vdso", i, true);
                a.answered("shared", 2 * i, true);
                assertTrue(a.save(), a.warning());
                b.says("visit seqlock " + i + " 10");
                b.says("answer seqlock " + i + " false");
                b.says("answer shared " + (2 * i + 1) + " true");
            }
            a.visit("why-vdso", 5, 8);
            assertTrue(a.save(), a.warning());
        } finally {
            b.quit();
        }
        ProgressStore disk = ProgressStore.open(dir);
        assertEquals(5, disk.peek("why-vdso").step());
        assertEquals(steps(0, 4, true), disk.peek("why-vdso").answers());
        assertNotNull(disk.peek("seqlock"), "the other app's lesson is still there");
        assertEquals(4, disk.peek("seqlock").step());
        assertEquals(steps(0, 4, false), disk.peek("seqlock").answers());
        assertEquals(steps(0, 9, true), disk.peek("shared").answers());
        assertTrue(Files.readString(dir.resolve(ProgressStore.FILE)).contains("\"version\" : 1"), "the format stays version 1");
    }

    @Test
    void twoAppsSavingAtOnceLoseNothing() throws Exception {
        int n = 80;
        Child one = new Child(dir);
        Child two = new Child(dir);
        try {
            // both started and ready: the bursts overlap
            one.send("burst a 0 " + (n - 1) + " 0");
            two.send("burst b 0 " + (n - 1) + " 1");
            one.expectSaved();
            two.expectSaved();
        } finally {
            one.quit();
            two.quit();
        }
        ProgressStore disk = ProgressStore.open(dir);
        assertEquals("", disk.warning());
        for (String l : List.of("a", "b")) {
            assertEquals(n - 1, disk.peek(l).step(), l);
            Map<Integer, Boolean> answers = new TreeMap<>();
            for (int i = 0; i < n; i++) answers.put(i, i % 2 == 0);
            assertEquals(answers, disk.peek(l).answers(), l);
        }
        assertEquals(steps(0, 2 * n - 1, true), disk.peek("shared").answers(), "every step of both apps in the lesson they share");
    }

    // ---- a symlinked file ---------------------------------------------------------------------------------------

    @Test
    void aSyncedProgressFileLinkedIntoPlaceStaysALinkAndItsTargetHasTheProgress() throws Exception {
        Path data = Files.createDirectories(dir.resolve("data"));
        Path synced = Files.createDirectories(dir.resolve("Sync folder"));
        Path target = synced.resolve("vdso progress.json");
        Path link = data.resolve(ProgressStore.FILE);
        Path relative = Path.of("..", "Sync folder", "vdso progress.json");
        Files.createSymbolicLink(link, relative); // dangling until the first save
        ProgressStore s = ProgressStore.open(dir.resolve("data"));
        assertEquals("", s.warning());
        s.visit("seqlock", 3, 10);
        assertTrue(s.save(), s.warning());
        s.answered("seqlock", 3, true);
        assertTrue(s.save(), s.warning());
        assertTrue(Files.isSymbolicLink(link), "the link is kept");
        assertEquals(relative, Files.readSymbolicLink(link), "and still points where it did");
        assertTrue(Files.isRegularFile(target, java.nio.file.LinkOption.NOFOLLOW_LINKS));
        assertTrue(Files.readString(target).contains("\"seqlock\""), Files.readString(target));
        ProgressStore r = ProgressStore.open(data);
        assertEquals(3, r.peek("seqlock").step());
        assertEquals(Map.of(3, true), r.peek("seqlock").answers());
        assertEquals(List.of(), tempFiles(data));
        assertEquals(List.of(), tempFiles(synced));

        // a corrupt target is set aside beside itself; the link stays and the next save fills its target again
        Files.writeString(target, "{\"half");
        ProgressStore c = ProgressStore.open(data);
        assertTrue(c.warning().contains("set aside"), c.warning());
        assertTrue(Files.isSymbolicLink(link));
        c.visit("why-vdso", 1, 4);
        assertTrue(c.save(), c.warning());
        assertTrue(Files.isSymbolicLink(link));
        assertEquals(1, ProgressStore.open(data).peek("why-vdso").step());
        try (Stream<Path> l = Files.list(synced)) {
            assertTrue(l.anyMatch(p -> p.getFileName().toString().startsWith("vdso progress.json.corrupt-")));
        }
    }

    // ---- where the file is ----------------------------------------------------------------------------------

    @Test
    void progressFollowsXdgDataHomeThenHomeThenUserHomeInSpacedNonAsciiFolders() {
        assumeTrue(utf8FileNames(), "this JVM cannot name non-ASCII files (sun.jnu.encoding " + System.getProperty("sun.jnu.encoding") + ")");
        Path xdg = dir.resolve("Données de l'élève"), home = dir.resolve("Heim Ördner ✓"), pw = dir.resolve("pw home ü");
        Map<String, String> props = Map.of("os.name", "Linux", "user.home", pw.toString());
        Path share = Path.of(".local", "share", "vdso-explorer");
        Map<Map<String, String>, Path> cases = new java.util.LinkedHashMap<>();
        cases.put(Map.of("XDG_DATA_HOME", xdg.toString(), "HOME", home.toString()), xdg.resolve("vdso-explorer"));
        cases.put(Map.of("XDG_DATA_HOME", "relative folder", "HOME", home.toString()), home.resolve(share)); // XDG: relative is ignored
        cases.put(Map.of("XDG_DATA_HOME", " ", "HOME", home.toString()), home.resolve(share));
        cases.put(Map.of("HOME", home.toString()), home.resolve(share));
        cases.put(Map.of("HOME", ""), pw.resolve(share));
        cases.put(Map.of(), pw.resolve(share));
        int step = 0;
        for (var c : cases.entrySet()) {
            ProgressLocation at = ProgressLocation.find(c.getKey(), props::get);
            assertEquals(c.getValue(), at.dir(), c.getKey().toString());
            assertNull(at.problem());
            ProgressStore s = ProgressStore.open(at);
            s.visit("seqlock", ++step, 20);
            assertTrue(s.save(), s.warning());
            assertTrue(s.where().contains(c.getValue().resolve(ProgressStore.FILE).toString()), s.where());
            assertEquals(step, ProgressStore.open(c.getValue()).peek("seqlock").step(), "saved and read back in " + c.getValue());
        }
        // no home at all (Java's user.home is "?" for a user without an entry in the user database)
        ProgressLocation none = ProgressLocation.find(Map.of(), Map.of("os.name", "Linux", "user.home", "?")::get);
        assertNull(none.dir());
        assertTrue(none.problem().contains("set HOME or XDG_DATA_HOME"), none.problem());
    }

    @Test
    void aLabAccountWhoseHomeIsNotTheUserDatabasesSavesUnderHome() throws Exception {
        assumeTrue(utf8FileNames(), "this JVM cannot name non-ASCII files");
        Path home = Files.createDirectories(dir.resolve("Heim Ördner"));
        Path pw = Files.createDirectories(dir.resolve("passwd-home"));
        Map<String, String> env = new HashMap<>(Map.of("HOME", home.toString(), "LANG", "C.UTF-8", "LC_ALL", "C.UTF-8"));
        Map<String, String> out = system(env, "-Duser.home=" + pw);
        assumeTrue("UTF-8".equals(out.get("jnu")), "no C.UTF-8 locale on this machine: " + out);
        assertEquals("true", out.get("saved"), out.toString());
        Path file = home.resolve(".local").resolve("share").resolve("vdso-explorer").resolve(ProgressStore.FILE);
        assertTrue(Files.isRegularFile(file), out.toString());
        assertEquals(1, ProgressStore.open(file.getParent()).peek("seqlock").step());
        assertEquals(List.of(), listAll(pw), "nothing under user.home");
    }

    @Test
    void aLabMachineUnderLangCWithANonAsciiDataFolderSaysItCannotSaveAndGoesOn() throws Exception {
        assumeTrue(utf8FileNames(), "this JVM cannot name non-ASCII files");
        Path data = Files.createDirectories(dir.resolve("Dätä Ördner"));
        Path home = Files.createDirectories(dir.resolve("home"));
        Map<String, String> env = new HashMap<>(Map.of("HOME", home.toString(), "XDG_DATA_HOME", data.toString(), "LANG", "C", "LC_ALL", "C"));
        Map<String, String> out = system(env, "-Duser.home=" + home);
        assertEquals("false", out.get("saved"), out.toString());
        String w = out.get("warning");
        assertTrue(w.startsWith("Lesson progress is not saved: XDG_DATA_HOME") && w.contains("UTF-8"), w);
        assertEquals(List.of(), listAll(data), "nothing written");
        assertEquals(List.of(), listAll(home), "and no other folder taken instead");
    }

    // ---- a full disk ------------------------------------------------------------------------------------------

    @Test
    void aFullDiskKeepsThePreviousProgressFileAndTheStepsForTheNextSave() throws Exception {
        Path small = Files.createDirectories(dir.resolve("small disk"));
        assumeTrue(run("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", small.toString()) == 0, "cannot mount a tmpfs here (not root?)");
        try {
            ProgressStore s = ProgressStore.open(small);
            s.visit("seqlock", 2, 10);
            s.answered("seqlock", 2, true);
            assertTrue(s.save(), s.warning());
            byte[] before = Files.readAllBytes(small.resolve(ProgressStore.FILE));
            Path filler = small.resolve("filler");
            try (OutputStream o = Files.newOutputStream(filler)) {
                byte[] block = new byte[4096];
                while (true) o.write(block);
            } catch (IOException full) {
                // the disk is full
            }
            for (int i = 3; i < 40; i++) {
                s.visit("seqlock", i, 40);
                s.answered("seqlock", i, true);
            }
            assertFalse(s.save());
            assertTrue(s.warning().toLowerCase().contains("no space left"), s.warning());
            assertEquals(new String(before, StandardCharsets.UTF_8), Files.readString(small.resolve(ProgressStore.FILE)), "the old file is whole");
            assertEquals(List.of(), tempFiles(small));
            Files.delete(filler);
            assertTrue(s.save(), s.warning());
            ProgressStore r = ProgressStore.open(small);
            assertEquals(39, r.peek("seqlock").step(), "the steps made while the disk was full are saved at the next save");
            assertEquals(steps(2, 39, true), r.peek("seqlock").answers());
        } finally {
            assertEquals(0, run("umount", small.toString()));
        }
    }

    // ---- helpers ------------------------------------------------------------------------------------------

    private static Map<Integer, Boolean> steps(int from, int to, boolean right) {
        Map<Integer, Boolean> m = new TreeMap<>();
        for (int i = from; i <= to; i++) m.put(i, right);
        return m;
    }

    private static List<Path> tempFiles(Path d) throws IOException {
        try (Stream<Path> l = Files.list(d)) {
            return l.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList();
        }
    }

    private static List<Path> listAll(Path d) throws IOException {
        try (Stream<Path> l = Files.walk(d)) {
            return l.filter(p -> !p.equals(d)).toList();
        }
    }

    private static boolean utf8FileNames() {
        return Charset.forName(System.getProperty("sun.jnu.encoding", "UTF-8")).equals(StandardCharsets.UTF_8);
    }

    private static int run(String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        return p.waitFor(BOUND_S, TimeUnit.SECONDS) ? p.exitValue() : -1;
    }

    private static List<String> java(String... args) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-Xshare:auto", "-cp", System.getProperty("java.class.path")));
        cmd.addAll(List.of(args));
        return cmd;
    }

    /** {@link ProgressChild} in {@code system} mode with exactly {@code env}; its key=value lines. */
    private static Map<String, String> system(Map<String, String> env, String... jvmArgs) throws Exception {
        List<String> cmd = java(jvmArgs);
        cmd.addAll(List.of(ProgressChild.class.getName(), "system"));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().clear();
        pb.environment().putAll(env);
        Process p = pb.start();
        CompletableFuture<byte[]> bytes = CompletableFuture.supplyAsync(() -> {
            try {
                return p.getInputStream().readAllBytes();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        assertTrue(p.waitFor(BOUND_S, TimeUnit.SECONDS), "no answer within " + BOUND_S + " s");
        String text = new String(bytes.get(BOUND_S, TimeUnit.SECONDS), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), text);
        assertFalse(text.contains("Exception") || text.contains("\tat "), text);
        Map<String, String> out = new HashMap<>();
        text.lines().filter(l -> l.contains("=")).forEach(l -> out.put(l.substring(0, l.indexOf('=')), l.substring(l.indexOf('=') + 1)));
        return out;
    }

    /** Another app: {@link ProgressChild} serving a store in {@code dir}. */
    private static final class Child {
        final Process p;
        final BufferedReader out;
        final PrintStream in;

        Child(Path dir) throws Exception {
            List<String> cmd = java(ProgressChild.class.getName(), "serve", dir.toString());
            p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            in = new PrintStream(p.getOutputStream(), true, StandardCharsets.UTF_8);
            assertEquals("ready", line());
        }

        String line() throws Exception {
            String l = CompletableFuture.supplyAsync(() -> {
                try {
                    return out.readLine();
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).get(BOUND_S, TimeUnit.SECONDS);
            assertNotNull(l, "the child ended");
            return l;
        }

        void send(String command) { in.println(command); }

        void expectSaved() throws Exception {
            String l = line();
            assertTrue(l.startsWith("ok true"), l);
        }

        void says(String command) throws Exception {
            send(command);
            expectSaved();
        }

        void quit() throws Exception {
            send("quit");
            if (!p.waitFor(BOUND_S, TimeUnit.SECONDS)) p.destroyForcibly();
        }
    }
}
