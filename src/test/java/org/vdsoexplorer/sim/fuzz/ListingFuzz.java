package org.vdsoexplorer.sim.fuzz;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.vdsoexplorer.cli.Cli;

/**
 * Generated hostile listings for the {@code run} command: seeds (the objdump fixtures, the interpreter test
 * programs, part of a vDSO listing) under random mutations, plus the known hostile lines of issue 14. Each
 * input is run through the CLI in-process and classified. {@link ListingFuzzTest} asserts on the classes;
 * {@link #main} prints the tally (it runs against any build of the CLI, so before/after can be compared:
 * {@code java -cp JAR:lib/*:test-classes org.vdsoexplorer.sim.fuzz.ListingFuzz N SEED}).
 */
public final class ListingFuzz {
    /** What a run of one input came to. */
    public enum Outcome {
        /** exit 0. */ RAN,
        /** exit 1 or 2 with one line naming file:line (or the missing entry symbol), in words. */ REFUSED_CLEARLY,
        /** a stack trace escaped, or exit other than 0, 1, 2. */ TRACE,
        /** OutOfMemoryError. */ OOM,
        /** no answer within the time bound. */ HANG,
        /** refused, but without naming where, or with a Java-internal message. */ UNCLEAR
    }

    /** One input and its result. */
    public record Run(byte[] input, String entry, Outcome outcome, String detail) {}

    private static final List<String> HOSTILE = List.of(
            " 80000000:\tret", " 7ffffff0:\tret", " 100000000000000000:\tret", "x.c:99999999999",
            " 1000:\tmov %xmm0,%rax", " 1000:\tpxor %xmm0,%xmm0", " 1000:\tjmp *%rax", " 1000:\tdiv %ecx",
            " 1000:\tidiv %rsi", " 1000:\tcqto", "ffffffff81000000 <k>:", " 1000:\tmov 0x7ffdefffcffc,%rax",
            " 1000:\tmovabs $0x123456789abcdef01,%rax", " 1000:\tpush %rax", " 1000:\tret", " 1000:\tjmp 1000",
            "0000000000001000 <g>:", " 1000:\t48 8d 04 7f          \tlea (%rdi,%rdi,2),%eax", " 1004:\t00 00",
            "g():", "/x/y.c:12 (discriminator 3)", " 1000:\tmov %fs:0x28,%rax", " 1000:\tlea (%rax,%rbx,3),%rcx",
            " 1000:\tcall 5555", " 1000:\tdivb %cl", " 1000:\tmov (%rsp),%rsp", " 1000:\tsyscall",
            " 1000:\tmov %rax,0x7ffdf0000000", " 1000:\t(bad)", "\t...", " ffffffffffffffff:\tret",
            " 1000:\tjmp ffffffffffffffffff", " 1000:\trol $0x41,%rax", " 1000:\tshld %cl,%rdx,%rax");
    private static final String PALETTE = "0123456789abcdefx%$(),:<>\t -#.*\u00e9\u4e2d";
    private static final Pattern SYMBOL = Pattern.compile("(?m)^[0-9a-fA-F]+ <([^>]+)>:");
    private static final Pattern ADDRESS = Pattern.compile("^(\\s+)[0-9a-fA-F]+:");

    private final List<String> seeds;

    public ListingFuzz() throws IOException {
        List<String> s = new ArrayList<>();
        List<Path> files = new ArrayList<>();
        for (String dir : List.of("src/test/resources/objdump", "src/test/resources/asm")) {
            try (Stream<Path> list = Files.list(Path.of(dir))) {
                list.filter(p -> p.toString().endsWith(".txt") || p.toString().endsWith(".lst")).sorted().forEach(files::add);
            }
        }
        for (Path p : files) s.add(Files.readString(p));
        List<String> vdso = Files.readAllLines(Path.of("assets/listings/unlikely.lst"));
        s.add(String.join("\n", vdso.subList(0, Math.min(200, vdso.size()))));
        this.seeds = List.copyOf(s);
    }

    /** A mutated listing, as bytes (some mutations are not valid UTF-8). */
    public byte[] generate(Random r) {
        List<String> lines = new ArrayList<>(List.of(seeds.get(r.nextInt(seeds.size())).split("\n", -1)));
        boolean badBytes = false;
        int n = 1 + r.nextInt(4);
        for (int k = 0; k < n && !lines.isEmpty(); k++) {
            int i = r.nextInt(lines.size());
            switch (r.nextInt(9)) {
                case 0 -> lines.remove(i);
                case 1 -> lines.add(i, lines.get(i));
                case 2 -> {
                    int j = r.nextInt(lines.size());
                    String t = lines.get(i);
                    lines.set(i, lines.get(j));
                    lines.set(j, t);
                }
                case 3 -> {
                    String l = lines.get(i);
                    int at = l.isEmpty() ? 0 : r.nextInt(l.length());
                    char c = PALETTE.charAt(r.nextInt(PALETTE.length()));
                    lines.set(i, l.isEmpty() ? String.valueOf(c) : l.substring(0, at) + c + l.substring(at + 1));
                }
                case 4, 5 -> lines.add(i, HOSTILE.get(r.nextInt(HOSTILE.size())));
                case 6 -> lines.subList(i, lines.size()).clear();
                case 7 -> badBytes = true;
                default -> {
                    Matcher m = ADDRESS.matcher(lines.get(i));
                    if (m.find()) {
                        StringBuilder hex = new StringBuilder();
                        for (int d = 1 + r.nextInt(20); d > 0; d--) hex.append(Character.forDigit(r.nextInt(16), 16));
                        lines.set(i, m.group(1) + hex + lines.get(i).substring(m.end() - 1));
                    }
                }
            }
        }
        byte[] text = String.join("\n", lines).getBytes(StandardCharsets.UTF_8);
        if (!badBytes || text.length == 0) return text;
        text[r.nextInt(text.length)] = (byte) (0x80 + r.nextInt(0x80));
        return text;
    }

    /** Runs one input through {@code run} in-process, within {@code seconds}. */
    public Run run(byte[] input, Random r, Path dir, double seconds, ExecutorService pool) throws IOException, InterruptedException {
        Path file = dir.resolve("in" + r.nextInt(1_000_000) + (r.nextBoolean() ? ".lst" : ".txt"));
        Files.write(file, input);
        Matcher m = SYMBOL.matcher(new String(input, StandardCharsets.ISO_8859_1));
        List<String> symbols = new ArrayList<>();
        while (m.find()) symbols.add(m.group(1));
        String entry = symbols.isEmpty() || r.nextInt(20) == 0 ? "main" : symbols.get(r.nextInt(symbols.size()));
        String rdi = List.of("0", "1", "7", "-7", "0x7ffdefffcffc", "buf").get(r.nextInt(6));
        String rsi = List.of("buf", "2", "0x7ffdefffcffc", "0", "-1").get(r.nextInt(5));
        String[] args = {"run", file.toString(), "--entry", entry, "--arg", "rdi=" + rdi, "--arg", "rsi=" + rsi,
                "--max-instructions", "200000"};
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        Future<Integer> f = pool.submit(() -> runCli(args, out, err));
        try {
            int code = f.get((long) (seconds * 1000), TimeUnit.MILLISECONDS);
            String e = err.toString(StandardCharsets.UTF_8);
            return new Run(input, entry, classify(code, e, file), e.strip());
        } catch (TimeoutException t) {
            f.cancel(true);
            return new Run(input, entry, Outcome.HANG, "no answer within " + seconds + " s");
        } catch (java.util.concurrent.ExecutionException t) {
            Throwable c = t.getCause();
            return new Run(input, entry, c instanceof OutOfMemoryError ? Outcome.OOM : Outcome.TRACE, String.valueOf(c));
        } finally {
            Files.deleteIfExists(file);
        }
    }

    /** The CLI writes to System.out/err; the fuzz runs one input at a time, so swapping them is safe. */
    private static synchronized int runCli(String[] args, ByteArrayOutputStream out, ByteArrayOutputStream err) {
        PrintStream so = System.out, se = System.err;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            return Cli.run(args);
        } finally {
            System.setOut(so);
            System.setErr(se);
        }
    }

    static Outcome classify(int code, String err, Path file) {
        if (err.contains("OutOfMemoryError")) return Outcome.OOM;
        if (err.contains("Exception in") || err.contains("\tat ") || (code != 0 && code != 1 && code != 2)) return Outcome.TRACE;
        if (code == 0) return Outcome.RAN;
        String where = Pattern.quote(file.toString()) + ":\\d+";
        boolean oneLine = err.strip().lines().count() == 1;
        boolean named = err.matches("(?s).*" + where + "[: ].*") || err.contains("no symbol '");
        boolean javaInternal = err.contains("For input string") || err.contains("Index ") || err.contains("Input length")
                || err.contains("exceeds range") || err.contains(".lst.lst") || err.contains("null");
        return oneLine && named && !javaInternal ? Outcome.REFUSED_CLEARLY : Outcome.UNCLEAR;
    }

    /** Prints the tally of {@code args[0]} inputs from seed {@code args[1]}, with examples of each bad outcome. */
    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        Random r = new Random(Long.parseLong(args[1]));
        ListingFuzz fuzz = new ListingFuzz();
        Path dir = Files.createTempDirectory("listing-fuzz");
        ExecutorService pool = Executors.newCachedThreadPool(t -> {
            Thread th = new Thread(t);
            th.setDaemon(true);
            return th;
        });
        Map<Outcome, Integer> tally = new EnumMap<>(Outcome.class);
        Map<Outcome, String> example = new EnumMap<>(Outcome.class);
        for (int i = 0; i < n; i++) {
            Run run = fuzz.run(fuzz.generate(r), r, dir, 10, pool);
            tally.merge(run.outcome(), 1, Integer::sum);
            example.putIfAbsent(run.outcome(), run.detail().lines().findFirst().orElse(""));
        }
        System.out.println("| inputs | ran | refused clearly | stack trace | OOM | hang | unclear |");
        System.out.printf("| %d | %d | %d | %d | %d | %d | %d |%n", n, tally.getOrDefault(Outcome.RAN, 0),
                tally.getOrDefault(Outcome.REFUSED_CLEARLY, 0), tally.getOrDefault(Outcome.TRACE, 0),
                tally.getOrDefault(Outcome.OOM, 0), tally.getOrDefault(Outcome.HANG, 0), tally.getOrDefault(Outcome.UNCLEAR, 0));
        example.forEach((o, d) -> System.out.println(o + ": " + d));
        System.exit(0);
    }
}
