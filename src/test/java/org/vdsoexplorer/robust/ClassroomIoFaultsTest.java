package org.vdsoexplorer.robust;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.vdsoexplorer.AllCommands;
import org.vdsoexplorer.app.common.TableExport;
import org.vdsoexplorer.session.DemoState;
import org.vdsoexplorer.util.CheckedOutput;

/**
 * Issue 28 items 4, 5 and 8, the file faults of a classroom: a FIFO, {@code /dev/zero}, a 50 MB file or a directory
 * given for every file a command reads ends within seconds in one message naming the file (a FIFO blocked forever, a
 * directory said "cannot read" without a reason, a big table ran out of memory); a standard output that cannot take
 * the output ({@code > /dev/full}, a full disk) is exit 1 and one message with the reason (it was exit 0 with the
 * output lost); a file written on a full disk is named with the reason and the previous file stays whole.
 * The commands run in this JVM where they can; in a child process where standard output must be a real /dev/full or
 * a file on a full disk, and for the commands that start JavaFX (they end it when they finish).
 */
class ClassroomIoFaultsTest {
    /** Longer than any refusal takes (they take milliseconds), far shorter than "forever". */
    static final Duration BOUND = Duration.ofSeconds(20);
    static final long CHILD_BOUND_S = 120;
    static final String LISTING = "assets/listings/timens-inline.lst";
    static final String ENTRY = "__vdso_clock_gettime";
    static final String FULL = "No space left on device";

    @TempDir Path dir;
    private final List<Path> fifos = new ArrayList<>();

    /** Opens each FIFO for reading and writing (which never blocks) and closes it: a reader stuck in open() goes on. */
    @AfterEach
    void releaseFifos() throws IOException {
        for (Path f : fifos) {
            try (FileChannel c = FileChannel.open(f, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                c.size(); // opened: a blocked reader has its writer now, and sees the end when this closes
            }
        }
    }

    record Out(int code, String out, String err) {
        String all() { return out + err; }
    }

    /** One command line in this JVM, every command the launcher has, standard output to {@code stdout}. */
    private static Out run(OutputStream stdout, String... args) {
        ByteArrayOutputStream o = new ByteArrayOutputStream(), e = new ByteArrayOutputStream();
        PrintStream out = stdout == null ? new PrintStream(o, true, StandardCharsets.UTF_8)
                : CheckedOutput.over(stdout, StandardCharsets.UTF_8, "standard output");
        int code = AllCommands.all().run(args, out, new PrintStream(e, true, StandardCharsets.UTF_8));
        return new Out(code, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
    }

    private static Out run(String... args) { return run(null, args); }

    /** {@code run(args)} that must end within {@link #BOUND} (a FIFO opened for reading blocks until a writer comes). */
    private static Out bounded(String... args) {
        return assertTimeoutPreemptively(BOUND, () -> run(args), () -> "no answer within " + BOUND.toSeconds() + " s: "
                + String.join(" ", args));
    }

    private Path fifo(String name) throws Exception {
        Path f = dir.resolve(name);
        assumeTrue(exec("mkfifo", f.toString()) == 0, "no mkfifo here");
        fifos.add(f);
        return f;
    }

    /** A file of {@code bytes} that takes no disk (sparse). */
    private Path big(String name, long bytes) throws IOException {
        Path f = dir.resolve(name);
        try (RandomAccessFile r = new RandomAccessFile(f.toFile(), "rw")) {
            r.setLength(bytes);
        }
        return f;
    }

    private Path demo() throws IOException { return Files.writeString(dir.resolve("ok.vdso-demo"), Reproducers.DEMO); }

    /** The command lines that read a file, {@code F} standing for it (and the folder of lessons for check-lessons). */
    private List<List<String>> readers(String f) {
        String out = dir.resolve("out.gif").toString();
        return List.of(
                List.of("report", "--scenario", "host", "--variant", "before", "--clock", "monotonic", "--costs", f),
                List.of("report", "--timing", "pipeline", "--scenario", "host", "--variant", "before", "--clock", "monotonic", "--costs", f),
                List.of("seeds", "--costs", f),
                List.of("bench", "--seconds", "0.1", "--costs", f),
                List.of("run", f, "--entry", ENTRY),
                List.of("run", LISTING, "--entry", ENTRY, "--costs", f),
                List.of("check-demo", f),
                List.of("export-gif", out, "--demo", f));
    }

    private static DynamicTest refused(List<String> args, String file, String... anyOf) {
        return DynamicTest.dynamicTest(String.join(" ", args), () -> {
            Out r = bounded(args.toArray(String[]::new));
            assertNotEquals(0, r.code(), r.all());
            String said = r.all();
            assertTrue(said.contains(file), "names the file: " + said);
            assertTrue(Stream.of(anyOf).anyMatch(said::contains), "says why (" + String.join(" or ", anyOf) + "): " + said);
            assertFalse(said.contains("Exception") || said.contains("\tat ") || said.contains("memory"), said);
        });
    }

    // ---- item 4: every file input through the one hardened loader -----------------------------------------------

    @TestFactory
    Stream<DynamicTest> aFifoForEveryFileOptionIsRefusedUnopened() throws Exception {
        Path f = fifo("table.fifo");
        Path lessons = Files.createDirectories(dir.resolve("lessons"));
        Path lesson = lessons.resolve("01-pipe.md");
        assumeTrue(exec("mkfifo", lesson.toString()) == 0);
        fifos.add(lesson);
        List<DynamicTest> all = new ArrayList<>(readers(f.toString()).stream()
                .map(a -> refused(a, f.toString(), "is not a regular file")).toList());
        all.add(refused(List.of("check-lessons", lessons.toString()), lesson.toString(), "not a plain file", "is not a regular file"));
        return all.stream();
    }

    /** screenshots ends JavaFX when it is done, so in a child process; a lesson that is a FIFO must not hang it. */
    @Test
    void aFifoAsTheScreenshotsLessonIsRefused() throws Exception {
        Path f = fifo("lesson.md");
        Child c = child(null, "screenshots", dir.resolve("shots").toString(), "--lesson", f.toString(), "--step", "1");
        assertNotEquals(0, c.code(), c.err());
        assertTrue(c.err().contains(f.toString()) && c.err().contains("not a"), c.err());
    }

    @TestFactory
    Stream<DynamicTest> devZeroIsRefusedAsADevice() {
        String zero = Path.of("/dev/zero").toString();
        assumeTrue(Files.exists(Path.of(zero)));
        return readers(zero).stream().map(a -> refused(a, zero, "is not a regular file"));
    }

    /** A 50 MB file (sparse: it costs no disk) is refused by its size, naming the file and the limit. */
    @TestFactory
    Stream<DynamicTest> aFiftyMegabyteFileIsRefusedByItsSize() throws Exception {
        long size = 50L << 20;
        Path table = big("big.yaml", size), listing = big("big.lst", size), demo = big("big.vdso-demo", size);
        Path lessons = Files.createDirectories(dir.resolve("big-lessons"));
        Path lesson = big("big-lessons/01-big.md", size);
        String bytes = String.format(Locale.ROOT, "is %,d bytes; ", size);
        return Stream.of(
                refused(List.of("report", "--scenario", "host", "--variant", "before", "--clock", "monotonic", "--costs", table.toString()),
                        table + ":1: " + bytes + "a table may be at most", "may be at most"),
                refused(List.of("seeds", "--costs", table.toString()), table + ":1: " + bytes, "a table may be at most"),
                refused(List.of("run", listing.toString(), "--entry", ENTRY), listing + ":1: " + bytes, "a listing may be at most"),
                refused(List.of("check-demo", demo.toString()), demo + ":1: " + bytes, "a demo file may be at most"),
                refused(List.of("check-lessons", lessons.toString()), lesson + ":1: " + bytes, "a lesson may be at most"));
    }

    @TestFactory
    Stream<DynamicTest> aDirectorySaysItIsADirectory() throws Exception {
        Path d = Files.createDirectories(dir.resolve("a folder.yaml"));
        return readers(d.toString()).stream().map(a -> refused(a, d + ":1: is a directory", "is a directory"));
    }

    // ---- item 5: output that reports failure ---------------------------------------------------------------------

    /** Standard output on a full disk: every write fails as the kernel's would. */
    static final class FullDisk extends OutputStream {
        @Override public void write(int b) throws IOException { throw new IOException(FULL); }

        @Override public void write(byte[] b, int off, int len) throws IOException { throw new IOException(FULL); }
    }

    /**
     * Every command that prints: each must end with exit 1 and the reason when its output is lost (it was exit 0). The
     * live lab's commands need this machine's vDSO: they are checked where they work. Not seeds: it computes for 10 s
     * and more before it prints, then prints through the same check as report.
     */
    @TestFactory
    Stream<DynamicTest> everyCommandThatPrintsSaysWhenItsStandardOutputIsFull() throws Exception {
        Path demo = demo();
        Path lessons = Files.createDirectories(dir.resolve("no-lessons"));
        List<List<String>> lines = List.of(List.of("help"), List.of("report", "--help"), List.of("help", "live", "vdso"),
                List.of("report", "--scenario", "host", "--variant", "before", "--format", "csv"),
                List.of("run", LISTING, "--entry", ENTRY, "--arg", "rdi=1", "--arg", "rsi=buf"),
                List.of("bench", "--seconds", "0.1"), List.of("check-lessons", lessons.toString()),
                List.of("check-demo", demo.toString()), List.of("live", "vdso"), List.of("live", "pages"));
        return lines.stream().map(a -> DynamicTest.dynamicTest(String.join(" ", a), () -> {
            String[] args = a.toArray(String[]::new);
            boolean live = a.getFirst().equals("live");
            if (live) {
                Out ok = run(args);
                assumeTrue(ok.code() == 0 && !ok.out().isEmpty(), "the command does not work on this machine: " + ok.err());
            }
            Out full = run(new FullDisk(), args);
            assertEquals(1, full.code(), full.all());
            String name = live ? "live " + a.get(1) : a.getFirst().equals("help") ? "" : a.getFirst();
            assertEquals("vdso-explorer: " + (name.isEmpty() ? "" : name + ": ") + "cannot write standard output: " + FULL,
                    full.err().strip().lines().reduce((x, y) -> y).orElse(""), full.err());
        }));
    }

    /** The reproductions as given: a real process, its standard output /dev/full (and a quick report, not the 30 s one). */
    @TestFactory
    Stream<DynamicTest> devFullAsStandardOutputIsExitOneWithTheReason() {
        File devFull = new File("/dev/full");
        assumeTrue(devFull.exists());
        return Stream.of(List.of("report", "--scenario", "host", "--variant", "before", "--format", "csv"), List.of("check-lessons"),
                        List.of("live", "vdso"))
                .map(a -> DynamicTest.dynamicTest(String.join(" ", a), () -> {
                    String[] args = a.toArray(String[]::new);
                    if (a.getFirst().equals("live")) {
                        Child ok = child(dir.resolve("live.txt").toFile(), args);
                        assumeTrue(ok.code() == 0, "live vdso does not work on this machine: " + ok.err());
                    }
                    Child c = child(devFull, args);
                    assertEquals(1, c.code(), c.err());
                    assertTrue(c.err().contains("cannot write standard output (" + devFull + "): " + FULL), c.err());
                }));
    }

    // ---- a full disk (a 64 KB tmpfs, where this test may mount one) ------------------------------------------

    /**
     * The r.csv: output redirected to a disk with a little room left was cut short with exit 0. Here 40 demo
     * checks (a line each, more than the one page left) into a file on a full tmpfs: exit 1, the file named.
     */
    @Test
    void outputRedirectedToAFullDiskIsExitOneNamingTheFile() throws Exception {
        List<String> args = new ArrayList<>(List.of("check-demo"));
        Path demo = demo();
        for (int i = 0; i < 40; i++) args.add(demo.toString());
        Path whole = dir.resolve("whole.txt");
        assertEquals(0, child(whole.toFile(), args.toArray(String[]::new)).code());
        Path small = fullDisk(4096);
        try {
            Path txt = small.resolve("r.txt");
            Child c = child(txt.toFile(), args.toArray(String[]::new));
            assertTrue(Files.size(txt) < Files.size(whole), "the disk took only part of it: " + Files.size(txt) + " of " + Files.size(whole));
            assertEquals(1, c.code(), c.err());
            assertTrue(c.err().contains("vdso-explorer: check-demo: cannot write standard output (" + txt + "): " + FULL), c.err());
        } finally {
            unmount(small);
        }
    }

    /** export-gif said "No space left on device" without the file; the previous GIF stays and no temp file is left. */
    @Test
    void exportGifOnAFullDiskNamesTheFileAndKeepsThePreviousOne() throws Exception {
        Path small = fullDisk(0, "before.gif");
        try {
            Path gif = small.resolve("before.gif");
            Child c = child(null, "export-gif", gif.toString(), "--size", "320x200", "--to", "1");
            assertEquals(1, c.code(), c.err());
            String last = c.err().strip().lines().reduce((x, y) -> y).orElse("");
            assertTrue(last.startsWith("vdso-explorer: export-gif: cannot write " + gif + ": ")
                    && last.toLowerCase(Locale.ROOT).contains(FULL.toLowerCase(Locale.ROOT)), c.err());
            assertEquals("the previous before.gif", Files.readString(gif), "the previous GIF is whole");
            assertEquals(List.of(), temps(small));
        } finally {
            unmount(small);
        }
    }

    /** The app's files (a demo, a saved table) go through AtomicFiles: the failure names the file, the old file stays. */
    @Test
    void aDemoOrTableSavedOnAFullDiskNamesTheFileAndKeepsThePreviousOne() throws Exception {
        Path small = fullDisk(0, "lesson.vdso-demo", "table.csv");
        try {
            Path demo = small.resolve("lesson.vdso-demo");
            DemoState state = DemoState.parse("seed", Reproducers.DEMO);
            IOException e = assertThrows(IOException.class, () -> state.write(demo));
            assertTrue(e.getMessage().contains(demo.toString()) && e.getMessage().toLowerCase(Locale.ROOT).contains("no space left"), e.getMessage());
            assertEquals("the previous lesson.vdso-demo", Files.readString(demo), "the previous demo file is whole");
            Path table = small.resolve("table.csv");
            List<List<String>> rows = List.of(List.of("a", "1"), List.of("b", "2"));
            IOException t = assertThrows(IOException.class, () -> TableExport.save(table, List.of("name", "n"), rows, 1));
            assertTrue(t.getMessage().contains(table.toString()) && t.getMessage().toLowerCase(Locale.ROOT).contains("no space left"), t.getMessage());
            assertEquals("the previous table.csv", Files.readString(table), "the previous table is whole");
            assertEquals(List.of(), temps(small));
        } finally {
            unmount(small);
        }
    }

    // ---- helpers -------------------------------------------------------------------------------------------

    /**
     * A 64 KB tmpfs in the temp folder holding each of {@code previous} (a file with the text "the previous NAME"),
     * filled up but {@code free} bytes; the test is skipped where it cannot be mounted (not root).
     */
    private Path fullDisk(int free, String... previous) throws Exception {
        Path small = Files.createDirectories(dir.resolve("small disk"));
        assumeTrue(exec("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", small.toString()) == 0, "cannot mount a tmpfs here (not root?)");
        for (String name : previous) Files.writeString(small.resolve(name), "the previous " + name);
        Path filler = small.resolve("filler");
        try (OutputStream o = Files.newOutputStream(filler)) {
            byte[] block = new byte[1024];
            while (true) o.write(block);
        } catch (IOException full) {
            // the disk is full
        }
        if (free > 0) {
            try (FileChannel c = FileChannel.open(filler, StandardOpenOption.WRITE)) {
                c.truncate(Math.max(0, c.size() - free));
            }
        }
        return small;
    }

    private static void unmount(Path small) throws Exception { assertEquals(0, exec("umount", small.toString())); }

    private static List<Path> temps(Path d) throws IOException {
        try (Stream<Path> l = Files.list(d)) {
            return l.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList();
        }
    }

    private static int exec(String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        return p.waitFor(CHILD_BOUND_S, TimeUnit.SECONDS) ? p.exitValue() : -1;
    }

    record Child(int code, String err) {}

    /** The launcher in a child JVM, its standard output to {@code stdout} (null: discarded), within {@link #CHILD_BOUND_S}. */
    private Child child(File stdout, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-Xshare:auto", "-Djava.awt.headless=true", "-Dglass.platform=Headless",
                "-Dprism.order=sw", "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                "org.vdsoexplorer.Main"));
        cmd.addAll(List.of(args));
        Path err = Files.createTempFile(dir, "stderr", ".txt");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(err.toFile());
        pb.redirectOutput(stdout == null ? ProcessBuilder.Redirect.DISCARD : ProcessBuilder.Redirect.to(stdout));
        Process p = pb.start();
        if (!p.waitFor(CHILD_BOUND_S, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("no answer within " + CHILD_BOUND_S + " s: " + String.join(" ", args));
        }
        return new Child(p.exitValue(), Files.readString(err));
    }
}
