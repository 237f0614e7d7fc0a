package org.vdsoexplorer.sim.asm;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.vdsoexplorer.util.AtomicFiles;

/**
 * Reads objdump's AT&T disassembly into a {@link Listing}: {@code objdump -d}, with or without the raw-bytes
 * column ({@code --no-show-raw-insn}), with or without source lines ({@code -l}) and wide lines ({@code -w}).
 * Lines starting with '#' before the disassembly are kept as the header.
 *
 * <p>Two kinds of problem. A line that is not objdump output, an address out of order or out of range, a
 * file that is not UTF-8 text or is over the limits below: the file is refused with
 * {@code file:line: message}. An instruction whose operands the model cannot read (an SSE register, a
 * segment override, an indirect jump) is kept with its problem, and stops execution only if it is reached,
 * so one function outside the modelled subset does not stop another in the same file from running.
 *
 * <p>Limits (the model runs user-space code such as the vDSO, a few thousand instructions): a listing file
 * is at most {@value #MAX_BYTES} bytes and {@value #MAX_INSTRUCTIONS} instructions; instruction addresses
 * are below 2^47 ({@code 0x800000000000}, the top of the x86-64 user address space).
 */
public final class ListingParser {
    /** Largest listing file read, in bytes (16 MiB). */
    public static final long MAX_BYTES = 16L << 20;
    /** Most instructions in one listing. */
    public static final int MAX_INSTRUCTIONS = 200_000;
    /** Instruction addresses are below this: the top of the x86-64 user address space (47 bits). */
    public static final long ADDRESS_LIMIT = 1L << 47;
    private static final int MAX_HEADER_LINES = 64;

    private static final Pattern SYMBOL = Pattern.compile("^([0-9a-fA-F]+) <([^>]+)>:\\s*$");
    private static final Pattern FUNCTION = Pattern.compile("^([A-Za-z_][\\w.]*)\\(\\):\\s*$");
    private static final Pattern SOURCE = Pattern.compile("^(\\S+?):(\\d+)(?: \\(discriminator \\d+\\))?\\s*$");
    private static final Pattern INSN = Pattern.compile("^\\s+([0-9a-fA-F]+):(.*)$"); // no backtracking over the body
    private static final Pattern BYTE = Pattern.compile("[0-9a-fA-F]{2}");
    private static final Pattern TARGET = Pattern.compile("^([0-9a-fA-F]{1,16})(?:\\s+<([^>]+)>)?$");
    private static final Pattern MEM = Pattern.compile(
            "^(-?(?:0x[0-9a-fA-F]+|\\d+))?\\((%\\w+)?(?:,(%\\w+))?(?:,(\\d))?\\)$");
    private static final java.util.Set<String> PREFIXES = java.util.Set.of(
            "data16", "cs", "ds", "ss", "es", "notrack", "bnd", "lock", "rex", "rex.W", "addr32");
    private static final java.util.Set<String> BRANCHES = java.util.Set.of(
            "jmp", "call", "ja", "jae", "jb", "jbe", "jc", "jnc", "je", "jne", "jz", "jnz", "jg", "jge", "jl",
            "jle", "js", "jns", "jo", "jno", "jp", "jnp", "jpe", "jpo", "jna", "jnae", "jnb", "jnbe", "jng",
            "jnge", "jnl", "jnle", "jecxz", "jrcxz", "loop", "callq", "jmpq");

    private ListingParser() {}

    /** Reads and parses {@code file}; errors name the file as given. */
    public static Listing parse(Path file) {
        String fileName = file.toString();
        String text;
        try {
            text = decodeUtf8(fileName, AtomicFiles.input(file, (int) MAX_BYTES, "a listing"));
        } catch (org.vdsoexplorer.util.BadInputException e) {
            throw new ListingException(fileName, 1, e.problem()); // a FIFO, device or directory, too big, unreadable
        }
        String name = file.getFileName() == null ? fileName : file.getFileName().toString().replaceFirst("\\.lst$", "");
        return parse(name, fileName, text);
    }

    /** {@code bytes} as UTF-8 text; a malformed sequence is refused naming its line. */
    static String decodeUtf8(String fileName, byte[] bytes) {
        String text = new String(bytes, StandardCharsets.UTF_8);
        if (text.indexOf('\uFFFD') < 0) return text; // no replacement: every byte sequence was valid
        CharsetDecoder dec = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CoderResult r = dec.decode(in, CharBuffer.allocate(bytes.length), true);
        if (!r.isError()) return text; // the file holds U+FFFD itself
        int at = in.position(), line = 1;
        for (int i = 0; i < at; i++) if (bytes[i] == '\n') line++;
        StringBuilder hex = new StringBuilder();
        for (int i = at; i < Math.min(bytes.length, at + r.length()); i++) hex.append(String.format(" 0x%02x", bytes[i] & 0xff));
        throw new ListingException(fileName, line, "not UTF-8 text: invalid byte" + (r.length() > 1 ? "s" : "") + hex
                + " (a listing is objdump's text output)");
    }

    private record Raw(long address, String text, String symbol, SourceLine source, int line, int bytes) {
        Raw withMoreBytes(int more) { return new Raw(address, text, symbol, source, line, bytes + more); }
    }

    /** Parses {@code text}; {@code fileName} is used in error messages. */
    public static Listing parse(String name, String fileName, String text) {
        List<String> header = new ArrayList<>();
        Map<String, Long> symbols = new LinkedHashMap<>();
        Map<String, Integer> symbolLines = new LinkedHashMap<>();
        List<Raw> raws = new ArrayList<>();
        String symbol = "";
        String function = "";
        String srcFile = "";
        int srcLine = 0;
        int lineNo = 0;
        for (int pos = 0; pos < text.length(); ) {
            int end = pos;
            while (end < text.length() && text.charAt(end) != '\n' && text.charAt(end) != '\r') end++;
            String line = text.substring(pos, end);
            pos = end + (end + 1 < text.length() && text.charAt(end) == '\r' && text.charAt(end + 1) == '\n' ? 2 : 1);
            lineNo++;
            if (line.isBlank()) continue;
            if (line.startsWith("#")) {
                if (raws.isEmpty() && header.size() < MAX_HEADER_LINES) header.add(line.substring(1).trim());
                continue;
            }
            if (line.contains("file format") || line.startsWith("Disassembly of section")) continue;
            Matcher m = SYMBOL.matcher(line);
            if (m.matches()) {
                symbol = m.group(2);
                if (symbols.putIfAbsent(symbol, address(m.group(1), fileName, lineNo)) == null) symbolLines.put(symbol, lineNo);
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
            if (m.matches()) {
                long address = address(m.group(1), fileName, lineNo);
                String body = stripComment(m.group(2).strip());
                if (body.equals("...")) continue;
                String[] tokens = body.isEmpty() ? new String[0] : body.split("\\s+");
                int bytes = 0;
                while (bytes < tokens.length && BYTE.matcher(tokens[bytes]).matches()) bytes++;
                if (bytes == tokens.length) { // objdump continues a long instruction's bytes on the next line
                    Raw prev = raws.isEmpty() ? null : raws.getLast();
                    if (prev == null || bytes == 0 || prev.bytes() == 0 || prev.address() + prev.bytes() != address) {
                        throw new ListingException(fileName, lineNo, "not an objdump line: '" + line.strip() + "'");
                    }
                    raws.set(raws.size() - 1, prev.withMoreBytes(bytes));
                    continue;
                }
                if (raws.size() >= MAX_INSTRUCTIONS) {
                    throw new ListingException(fileName, lineNo, "more than " + MAX_INSTRUCTIONS
                            + " instructions; a listing may have at most that many");
                }
                String insn = String.join(" ", java.util.Arrays.asList(tokens).subList(bytes, tokens.length));
                SourceLine src = srcLine > 0 ? new SourceLine(srcFile, srcLine, function) : new SourceLine("", 0, function);
                raws.add(new Raw(address, insn, symbol, src, lineNo, bytes));
                continue;
            }
            m = SOURCE.matcher(line);
            if (m.matches()) {
                srcFile = m.group(1);
                try {
                    srcLine = Integer.parseInt(m.group(2));
                } catch (NumberFormatException e) {
                    throw new ListingException(fileName, lineNo, "source line number " + m.group(2)
                            + " is out of range (at most " + Integer.MAX_VALUE + ")");
                }
                continue;
            }
            if (line.trim().equals("...")) continue;
            throw new ListingException(fileName, lineNo, "not an objdump line: '" + abbreviate(line.strip()) + "'");
        }
        if (raws.isEmpty()) throw new ListingException(fileName, Math.max(lineNo, 1), "no instructions found");

        List<Instruction> out = new ArrayList<>(raws.size());
        for (int i = 0; i < raws.size(); i++) {
            Raw r = raws.get(i);
            long next = i + 1 < raws.size() ? raws.get(i + 1).address() : r.address() + Math.max(1, r.bytes());
            long gap = next - r.address();
            if (gap <= 0) {
                throw new ListingException(fileName, raws.get(i + 1).line(), "instruction addresses out of order: 0x"
                        + Long.toHexString(next) + " after 0x" + Long.toHexString(r.address()));
            }
            if (r.bytes() > gap) {
                throw new ListingException(fileName, raws.get(i + 1).line(), "instruction at 0x" + Long.toHexString(next)
                        + " overlaps the " + r.bytes() + "-byte instruction at 0x" + Long.toHexString(r.address()));
            }
            // the raw bytes give the length; without them, a gap before the next function is alignment padding
            int length = r.bytes() > 0 ? r.bytes() : (int) Math.min(gap, 15);
            out.add(instruction(i, r, length));
        }
        return new Listing(name, fileName, header, out, symbols, symbolLines);
    }

    /** A hex address from the listing, within {@link #ADDRESS_LIMIT}. */
    private static long address(String hex, String fileName, int line) {
        String digits = hex.replaceFirst("^0+(?=.)", "");
        if (digits.length() > 16) {
            throw new ListingException(fileName, line, "address 0x" + abbreviate(digits) + " does not fit in 64 bits");
        }
        long a = Long.parseUnsignedLong(digits, 16);
        if (Long.compareUnsigned(a, ADDRESS_LIMIT) >= 0) {
            throw new ListingException(fileName, line, "address 0x" + digits + " is above the x86-64 user address space"
                    + " (instruction addresses must be below 0x" + Long.toHexString(ADDRESS_LIMIT) + ")");
        }
        return a;
    }

    private static String abbreviate(String s) { return s.length() <= 80 ? s : s.substring(0, 77) + "..."; }

    private static String stripComment(String body) {
        int hash = body.indexOf('#');
        return (hash >= 0 ? body.substring(0, hash) : body).strip();
    }

    /** Operands the model cannot read; the instruction keeps the reason in {@link Instruction#problem()}. */
    private static final class BadOperand extends Exception {
        private static final long serialVersionUID = 1L;

        BadOperand(String why) { super(why, null, false, false); }
    }

    private static Instruction instruction(int index, Raw r, int length) {
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
        String problem = null;
        try {
            if (mnemonic.startsWith("nop")) {
                // padding: the operands do not matter (and may use forms such as %cs:0x0(%rax,%rax,1))
            } else if (BRANCHES.contains(mnemonic) && !operandText.startsWith("*")) {
                String t = String.join(" ", tokens.subList(1, tokens.size()));
                Matcher m = TARGET.matcher(t);
                if (!m.matches()) throw new BadOperand("cannot read branch target '" + abbreviate(t) + "'");
                ops.add(new Operand.Target(Long.parseUnsignedLong(m.group(1), 16), m.group(2) == null ? "" : m.group(2)));
            } else if (!operandText.isEmpty()) {
                for (String o : splitOperands(operandText)) ops.add(operand(o, r, length));
            }
        } catch (BadOperand e) {
            problem = e.getMessage();
            ops.clear();
        }
        return new Instruction(index, r.address(), length, mnemonic, List.copyOf(ops),
                r.text().replaceAll("\\s+", " ").replaceFirst(" ", "\t").replace("\t", "  "),
                r.symbol(), r.source(), r.line(), problem);
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

    private static Operand operand(String o, Raw r, int length) throws BadOperand {
        if (o.startsWith("%")) {
            Operand.Reg reg = Registers.byName(o.substring(1));
            if (reg == null) throw new BadOperand("register '" + abbreviate(o) + "' is not a general-purpose register");
            return reg;
        }
        if (o.startsWith("$")) return new Operand.Imm(number(o.substring(1)));
        if (o.startsWith("*")) throw new BadOperand("indirect operand '" + abbreviate(o) + "'");
        Matcher m = MEM.matcher(o);
        if (!m.matches()) {
            // a bare absolute address
            if (o.matches("-?(0x[0-9a-fA-F]+|\\d+)")) return new Operand.Mem(-1, -1, 1, number(o), false);
            throw new BadOperand("cannot read operand '" + abbreviate(o) + "'");
        }
        long disp = m.group(1) == null ? 0 : number(m.group(1));
        String base = m.group(2);
        if ("%rip".equals(base)) {
            return new Operand.Mem(-1, -1, 1, r.address() + length + disp, true);
        }
        int b = base == null ? -1 : reg64(base);
        int x = m.group(3) == null ? -1 : reg64(m.group(3));
        int scale = m.group(4) == null ? 1 : Integer.parseInt(m.group(4));
        if (scale != 1 && scale != 2 && scale != 4 && scale != 8) throw new BadOperand("scale " + scale + " is not 1, 2, 4 or 8");
        return new Operand.Mem(b, x, scale, disp, false);
    }

    private static int reg64(String name) throws BadOperand {
        Operand.Reg reg = Registers.byName(name.substring(1));
        if (reg == null || reg.size() != 8) throw new BadOperand("address register '" + name + "' is not a 64-bit register");
        return reg.num();
    }

    private static long number(String s) throws BadOperand {
        try {
            boolean neg = s.startsWith("-");
            String t = neg ? s.substring(1) : s;
            long v = t.startsWith("0x") ? Long.parseUnsignedLong(t.substring(2), 16) : Long.parseLong(t);
            return neg ? -v : v;
        } catch (NumberFormatException e) {
            throw new BadOperand("number '" + abbreviate(s) + "' does not fit in 64 bits");
        }
    }
}
