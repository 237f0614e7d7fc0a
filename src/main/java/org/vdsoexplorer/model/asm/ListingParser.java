package org.vdsoexplorer.model.asm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the text of {@code objdump -d -l --no-show-raw-insn -w} (AT&T syntax) into a {@link Listing}.
 * Lines starting with '#' before the disassembly are kept as the header. Anything the parser does not
 * understand is reported as {@code file:line: message}; instructions it can parse but the interpreter
 * does not implement are kept, and only stop execution if they are reached.
 */
public final class ListingParser {
    private static final Pattern SYMBOL = Pattern.compile("^([0-9a-fA-F]+) <([^>]+)>:\\s*$");
    private static final Pattern FUNCTION = Pattern.compile("^([A-Za-z_][\\w.]*)\\(\\):\\s*$");
    private static final Pattern SOURCE = Pattern.compile("^(\\S+?):(\\d+)(?: \\(discriminator \\d+\\))?\\s*$");
    private static final Pattern INSN = Pattern.compile("^\\s*([0-9a-fA-F]+):\\s+(.*?)\\s*$");
    private static final Pattern TARGET = Pattern.compile("^([0-9a-fA-F]+)(?:\\s+<([^>]+)>)?$");
    private static final Pattern MEM = Pattern.compile(
            "^(-?(?:0x[0-9a-fA-F]+|\\d+))?\\((%\\w+)?(?:,(%\\w+))?(?:,(\\d))?\\)$");
    private static final java.util.Set<String> PREFIXES = java.util.Set.of(
            "data16", "cs", "ds", "ss", "es", "notrack", "bnd", "lock", "rex", "rex.W", "addr32");
    private static final java.util.Set<String> BRANCHES = java.util.Set.of(
            "jmp", "call", "ja", "jae", "jb", "jbe", "jc", "jnc", "je", "jne", "jz", "jnz", "jg", "jge", "jl",
            "jle", "js", "jns", "jo", "jno", "jp", "jnp", "jpe", "jpo", "jna", "jnae", "jnb", "jnbe", "jng",
            "jnge", "jnl", "jnle", "jecxz", "jrcxz", "loop", "callq", "jmpq");

    private ListingParser() {}

    public static Listing parse(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException | java.io.UncheckedIOException e) {
            throw new ListingException(file.toString(), 0, "cannot read listing: " + e.getMessage());
        }
        String name = file.getFileName().toString().replaceFirst("\\.lst$", "");
        return parse(name, file.toString(), text);
    }

    private record Raw(long address, String text, String symbol, SourceLine source, int line) {}

    /** Parses {@code text}; {@code fileName} is used in error messages. */
    public static Listing parse(String name, String fileName, String text) {
        List<String> header = new ArrayList<>();
        Map<String, Long> symbols = new LinkedHashMap<>();
        List<Raw> raws = new ArrayList<>();
        String symbol = "";
        String function = "";
        String srcFile = "";
        int srcLine = 0;
        String[] lines = text.split("\\R", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            int lineNo = i + 1;
            if (line.isBlank()) continue;
            if (line.startsWith("#")) {
                if (raws.isEmpty()) header.add(line.substring(1).trim());
                continue;
            }
            if (line.contains("file format") || line.startsWith("Disassembly of section")) continue;
            Matcher m = SYMBOL.matcher(line);
            if (m.matches()) {
                symbol = m.group(2);
                symbols.putIfAbsent(symbol, Long.parseUnsignedLong(m.group(1), 16));
                function = symbol;
                srcFile = "";
                srcLine = 0;
                continue;
            }
            m = FUNCTION.matcher(line);
            if (m.matches()) {
                function = m.group(1);
                continue;
            }
            m = INSN.matcher(line);
            if (m.matches() && line.startsWith(" ")) {
                String body = stripComment(m.group(2));
                if (body.equals("...")) continue;
                SourceLine src = srcLine > 0 ? new SourceLine(srcFile, srcLine, function) : new SourceLine("", 0, function);
                raws.add(new Raw(Long.parseUnsignedLong(m.group(1), 16), body, symbol, src, lineNo));
                continue;
            }
            m = SOURCE.matcher(line);
            if (m.matches()) {
                srcFile = m.group(1);
                srcLine = Integer.parseInt(m.group(2));
                continue;
            }
            if (line.trim().equals("...")) continue;
            throw new ListingException(fileName, lineNo, "not an objdump line: '" + line.strip() + "'");
        }
        if (raws.isEmpty()) throw new ListingException(fileName, lines.length, "no instructions found");

        List<Instruction> out = new ArrayList<>(raws.size());
        for (int i = 0; i < raws.size(); i++) {
            Raw r = raws.get(i);
            long next = i + 1 < raws.size() ? raws.get(i + 1).address() : r.address() + 1;
            long gap = next - r.address();
            if (gap <= 0) {
                throw new ListingException(fileName, r.line(), "instruction addresses out of order at 0x"
                        + Long.toHexString(r.address()));
            }
            int length = (int) Math.min(gap, 15); // a gap before the next function is alignment padding
            out.add(instruction(i, r, length, fileName));
        }
        return new Listing(name, header, out, symbols);
    }

    private static String stripComment(String body) {
        int hash = body.indexOf('#');
        return (hash >= 0 ? body.substring(0, hash) : body).strip();
    }

    private static Instruction instruction(int index, Raw r, int length, String fileName) {
        List<String> tokens = new ArrayList<>(List.of(r.text().split("\\s+")));
        // drop prefixes objdump prints before the mnemonic (padding nops, notrack, ...)
        while (tokens.size() > 1 && (PREFIXES.contains(tokens.getFirst())
                || (tokens.getFirst().equals("repz") && tokens.get(1).startsWith("ret")))) {
            tokens.removeFirst();
        }
        String mnemonic = tokens.getFirst();
        if (mnemonic.endsWith(";")) mnemonic = mnemonic.substring(0, mnemonic.length() - 1);
        String operandText = String.join("", tokens.subList(1, tokens.size()));
        List<Operand> ops = new ArrayList<>();
        if (BRANCHES.contains(mnemonic) && !operandText.startsWith("*")) {
            String t = String.join(" ", tokens.subList(1, tokens.size()));
            Matcher m = TARGET.matcher(t);
            if (!m.matches()) throw new ListingException(fileName, r.line(), "bad branch target '" + t + "'");
            ops.add(new Operand.Target(Long.parseUnsignedLong(m.group(1), 16), m.group(2) == null ? "" : m.group(2)));
        } else if (!operandText.isEmpty()) {
            for (String o : splitOperands(operandText)) ops.add(operand(o, r, length, fileName));
        }
        return new Instruction(index, r.address(), length, mnemonic, List.copyOf(ops),
                r.text().replaceAll("\\s+", " ").replaceFirst(" ", "\t").replace("\t", "  "),
                r.symbol(), r.source(), r.line());
    }

    private static List<String> splitOperands(String s) {
        List<String> out = new ArrayList<>();
        int depth = 0, start = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '(') depth++;
            else if (c == ')') depth--;
            else if (c == ',' && depth == 0) {
                out.add(s.substring(start, i));
                start = i + 1;
            }
        }
        out.add(s.substring(start));
        return out;
    }

    private static Operand operand(String o, Raw r, int length, String fileName) {
        if (o.startsWith("%")) {
            Operand.Reg reg = Registers.byName(o.substring(1));
            if (reg == null) throw new ListingException(fileName, r.line(), "unknown register '" + o + "'");
            return reg;
        }
        if (o.startsWith("$")) return new Operand.Imm(number(o.substring(1), r, fileName));
        if (o.startsWith("*")) {
            throw new ListingException(fileName, r.line(), "indirect operand '" + o + "' is not supported");
        }
        Matcher m = MEM.matcher(o);
        if (!m.matches()) {
            // a bare absolute address
            if (o.matches("-?(0x[0-9a-fA-F]+|\\d+)")) return new Operand.Mem(-1, -1, 1, number(o, r, fileName), false);
            throw new ListingException(fileName, r.line(), "cannot parse operand '" + o + "'");
        }
        long disp = m.group(1) == null ? 0 : number(m.group(1), r, fileName);
        String base = m.group(2);
        if ("%rip".equals(base)) {
            return new Operand.Mem(-1, -1, 1, r.address() + length + disp, true);
        }
        int b = base == null ? -1 : reg64(base, r, fileName);
        int x = m.group(3) == null ? -1 : reg64(m.group(3), r, fileName);
        int scale = m.group(4) == null ? 1 : Integer.parseInt(m.group(4));
        return new Operand.Mem(b, x, scale, disp, false);
    }

    private static int reg64(String name, Raw r, String fileName) {
        Operand.Reg reg = Registers.byName(name.substring(1));
        if (reg == null || reg.size() != 8) {
            throw new ListingException(fileName, r.line(), "unsupported address register '" + name + "'");
        }
        return reg.num();
    }

    private static long number(String s, Raw r, String fileName) {
        try {
            boolean neg = s.startsWith("-");
            String t = neg ? s.substring(1) : s;
            long v = t.startsWith("0x") ? Long.parseUnsignedLong(t.substring(2), 16) : Long.parseLong(t);
            return neg ? -v : v;
        } catch (NumberFormatException e) {
            throw new ListingException(fileName, r.line(), "bad number '" + s + "'");
        }
    }
}
