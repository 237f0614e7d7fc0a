package org.vdsoexplorer.sim.real;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.vdsoexplorer.sim.asm.Listing;
import org.vdsoexplorer.sim.asm.ListingException;
import org.vdsoexplorer.sim.asm.ListingParser;

/**
 * The captured vDSO's code as the interpreter's {@link Listing}, at the host task's real [vdso] address. The
 * text comes from GNU objdump ({@code objdump -d --adjust-vma=ADDRESS -j .text}) run on the captured image: at
 * capture time (kept in the file, so the capture opens on a machine without objdump) or, for a capture that has
 * none, now. No Java x86 disassembler resolves from Maven Central (iced's ports are Rust, .NET, Python and JS),
 * so objdump it is; without either, a clear message.
 */
public final class RealCode {
    private RealCode() {}

    /** The entry point's symbol in the image. */
    public static final String CLOCK_GETTIME = "__vdso_clock_gettime";

    /** objdump on PATH, if any. */
    public static Optional<Path> objdump() {
        String path = System.getenv("PATH");
        if (path == null) return Optional.empty();
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isEmpty()) continue;
            Path p = Path.of(dir, "objdump");
            if (Files.isExecutable(p)) return Optional.of(p);
        }
        return Optional.empty();
    }

    /**
     * objdump's disassembly of the .text of ELF {@code image} as mapped at {@code address}; empty without
     * objdump. A failing objdump is an IOException with its first line.
     */
    public static Optional<String> disassemble(byte[] image, long address) throws IOException {
        return objdump(image, java.util.List.of("-j", ".text", "--adjust-vma=0x" + Long.toHexString(address)));
    }

    /**
     * {@code objdump -d --no-show-raw-insn ARGS} on {@code image} (written to a temporary file), from its
     * "Disassembly of section" line on; empty when objdump is not installed.
     */
    public static Optional<String> objdump(byte[] image, java.util.List<String> args) throws IOException {
        Optional<Path> od = objdump();
        if (od.isEmpty()) return Optional.empty();
        Path tmp = Files.createTempFile("vdso-", ".so");
        try {
            Files.write(tmp, image);
            java.util.List<String> cmd = new java.util.ArrayList<>(java.util.List.of(od.get().toString(), "-d", "--no-show-raw-insn"));
            cmd.addAll(args);
            cmd.add(tmp.toString());
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(20, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("objdump did not finish within 20 s");
            }
            if (p.exitValue() != 0) throw new IOException("objdump failed: " + text.lines().findFirst().orElse(""));
            int start = text.indexOf("Disassembly of section");
            return Optional.of(start < 0 ? text : text.substring(start));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** Why {@link #listing} cannot decode {@code c}, or null if it can. */
    public static String problem(Capture c) {
        if (c.disassembly() != null) return null;
        return objdump().isPresent() ? null : "the capture holds no disassembly and GNU objdump (binutils) is not installed: "
                + "install binutils, or open a capture made where objdump was installed (the shipped example has its disassembly)";
    }

    /** The host task's (the first task's) code, at its [vdso] address. */
    public static Listing listing(Capture c) {
        String p = problem(c);
        if (p != null) throw new IllegalStateException(p);
        Capture.Task t = c.tasks().getFirst();
        String text = c.disassembly();
        if (text == null) {
            try {
                text = disassemble(t.vdsoImage(), t.mapping(Capture.VDSO).orElseThrow().start()).orElseThrow();
            } catch (IOException e) {
                throw new IllegalStateException("cannot disassemble the captured vDSO: " + e.getMessage(), e);
            }
        }
        String name = "vdso-" + c.kernel();
        try {
            return ListingParser.parse(name, name + " (captured disassembly)",
                    labelled(text, t.mapping(Capture.VDSO).orElseThrow().start(), new VdsoElf(t.vdsoImage()).symbols()));
        } catch (ListingException e) {
            throw new IllegalStateException("the captured disassembly does not parse: " + e.getMessage(), e);
        }
    }

    /**
     * objdump's text with its labels made from the image's own symbols: {@code --adjust-vma} moves the code but
     * not the dynamic symbols, so objdump names every address after the last symbol it knows. Its labels and
     * the names in angle brackets go; a label line per exported function (the {@code __vdso_} name where
     * aliases share an address) goes in before its first instruction, and ".text" before code no symbol names.
     */
    static String labelled(String text, long base, java.util.List<VdsoElf.Symbol> symbols) {
        java.util.Map<Long, String> names = new java.util.TreeMap<>();
        for (VdsoElf.Symbol s : symbols) {
            if (!s.type().equals("FUNC")) continue;
            names.merge(base + s.value(), s.name(), (a, b) -> a.startsWith("__vdso_") ? a : b);
        }
        StringBuilder out = new StringBuilder();
        boolean first = true;
        for (String line : text.split("\n", -1)) {
            if (line.matches("^[0-9a-fA-F]+ <[^>]*>:\\s*$")) continue;
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("^\\s+([0-9a-fA-F]+):").matcher(line);
            if (m.find()) {
                long at = Long.parseUnsignedLong(m.group(1), 16);
                String name = names.get(at);
                if (name == null && first) name = ".text";
                if (name != null) out.append(String.format("%016x <%s>:%n", at, name));
                first = false;
                line = line.replaceAll(" <[^>]*>", "");
            }
            out.append(line).append('\n');
        }
        return out.toString();
    }

    /** The address of the exported {@code symbol} (objdump labels it "symbol@@LINUX_2.6"). */
    public static long symbol(Listing l, String symbol) {
        return l.symbol(symbol).orElseThrow(() -> new IllegalStateException("the captured vDSO has no symbol " + symbol));
    }
}
