package org.vdsoexplorer.host.live;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The vDSO as this process has it: the ELF image at getauxval(AT_SYSINFO_EHDR), its exported dynamic symbols
 * with their versions (.dynsym, .dynstr, .gnu.version, .gnu.version_d, parsed here), and, where GNU objdump
 * is installed, the disassembly of one function of it.
 *
 * @param address  where the image is mapped ([vdso])
 * @param bytes    the whole [vdso] mapping
 */
public record VdsoImage(long address, byte[] bytes) {
    /** One exported symbol: name, version (e.g. LINUX_2.6), value (offset in the image), size, type. */
    public record Symbol(String name, String version, long value, long size, String type, String bind) {}

    private static final int SHT_DYNSYM = 11, SHT_GNU_VERDEF = 0x6ffffffd, SHT_GNU_VERSYM = 0x6fffffff;

    /** This process's vDSO, found through the auxiliary vector; its size from /proc/self/maps. */
    public static VdsoImage current() throws IOException {
        long at = Native.getauxval(Native.AT_SYSINFO_EHDR);
        if (at == 0) throw new IOException("the kernel passed no AT_SYSINFO_EHDR: this process has no vDSO");
        long size = -1;
        for (String l : Files.readAllLines(Path.of("/proc/self/maps"))) {
            if (!l.endsWith("[vdso]")) continue;
            String[] r = l.substring(0, l.indexOf(' ')).split("-");
            long s = Long.parseUnsignedLong(r[0], 16);
            if (s == at) size = Long.parseUnsignedLong(r[1], 16) - s;
        }
        if (size <= 0) throw new IOException("AT_SYSINFO_EHDR 0x" + Long.toHexString(at) + " is not the start of [vdso] in /proc/self/maps");
        byte[] b = new byte[(int) size];
        MemorySegment.copy(MemorySegment.ofAddress(at).reinterpret(size), ValueLayout.JAVA_BYTE, 0, b, 0, b.length);
        return new VdsoImage(at, b);
    }

    /** Parses the dynamic symbols and their version names; an image that is not ELF64 little-endian is an error. */
    public List<Symbol> symbols() {
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        if (bytes.length < 64 || b.getInt(0) != 0x464c457f || bytes[4] != 2 || bytes[5] != 1) {
            throw new IllegalArgumentException("the vDSO image is not a 64-bit little-endian ELF file");
        }
        long shoff = b.getLong(0x28);
        int shentsize = Short.toUnsignedInt(b.getShort(0x3a)), shnum = Short.toUnsignedInt(b.getShort(0x3c));
        if (shoff <= 0 || shoff + (long) shnum * shentsize > bytes.length) {
            throw new IllegalArgumentException("the vDSO image's section headers lie outside the mapping");
        }
        int dynsym = -1, versym = -1, verdef = -1;
        for (int i = 0; i < shnum; i++) {
            int type = b.getInt((int) shoff + i * shentsize + 4);
            if (type == SHT_DYNSYM) dynsym = i;
            if (type == SHT_GNU_VERSYM) versym = i;
            if (type == SHT_GNU_VERDEF) verdef = i;
        }
        if (dynsym < 0) throw new IllegalArgumentException("the vDSO image has no .dynsym section");
        int symOff = (int) section(b, shoff, shentsize, dynsym, 24), symSize = (int) section(b, shoff, shentsize, dynsym, 32);
        int strtab = b.getInt((int) shoff + dynsym * shentsize + 40);
        int strOff = (int) section(b, shoff, shentsize, strtab, 24);
        // version index -> name, from the Elf64_Verdef chain (its first Verdaux is the version's own name)
        List<String> versionNames = new ArrayList<>();
        if (verdef >= 0) {
            int p = (int) section(b, shoff, shentsize, verdef, 24);
            int vstr = (int) section(b, shoff, shentsize, b.getInt((int) shoff + verdef * shentsize + 40), 24);
            for (int n = 0; n < 64; n++) {
                int ndx = Short.toUnsignedInt(b.getShort(p + 4)), aux = b.getInt(p + 12), next = b.getInt(p + 16);
                String name = cstring(vstr + b.getInt(p + aux));
                while (versionNames.size() <= ndx) versionNames.add(null);
                versionNames.set(ndx, name);
                if (next == 0) break;
                p += next;
            }
        }
        int verOff = versym < 0 ? -1 : (int) section(b, shoff, shentsize, versym, 24);
        List<Symbol> out = new ArrayList<>();
        for (int i = 1; i < symSize / 24; i++) {
            int e = symOff + i * 24;
            int info = bytes[e + 4] & 0xff, shndx = Short.toUnsignedInt(b.getShort(e + 6));
            String name = cstring(strOff + b.getInt(e));
            if (shndx == 0 || name.isEmpty()) continue; // undefined
            String version = null;
            if (verOff >= 0) {
                int v = Short.toUnsignedInt(b.getShort(verOff + 2 * i)) & 0x7fff;
                if (v < versionNames.size()) version = versionNames.get(v);
            }
            String type = switch (info & 0xf) {
                case 0 -> "NOTYPE";
                case 1 -> "OBJECT";
                case 2 -> "FUNC";
                default -> "type " + (info & 0xf);
            };
            String bind = switch (info >> 4) {
                case 0 -> "LOCAL";
                case 1 -> "GLOBAL";
                case 2 -> "WEAK";
                default -> "bind " + (info >> 4);
            };
            out.add(new Symbol(name, version, b.getLong(e + 8), b.getLong(e + 16), type, bind));
        }
        return out;
    }

    private static long section(ByteBuffer b, long shoff, int shentsize, int index, int field) {
        return b.getLong((int) shoff + index * shentsize + field);
    }

    private String cstring(int at) {
        int end = at;
        while (end < bytes.length && bytes[end] != 0) end++;
        return new String(bytes, at, end - at, StandardCharsets.US_ASCII);
    }

    /** objdump on PATH, if any. */
    public static Optional<Path> objdump() { return Optional.ofNullable(Launcher.which("objdump")); }

    /**
     * GNU objdump's disassembly of {@code symbol} in this image (written to a temporary file); empty when
     * objdump is not installed. The range comes from the symbol table parsed here.
     */
    public Optional<String> disassemble(String symbol) throws IOException {
        Optional<Path> od = objdump();
        if (od.isEmpty()) return Optional.empty();
        Symbol s = symbols().stream().filter(x -> x.name().equals(symbol)).findFirst()
                .orElseThrow(() -> new IOException("the vDSO exports no " + symbol));
        Path tmp = Files.createTempFile("vdso-", ".so");
        try {
            Files.write(tmp, bytes);
            Process p = new ProcessBuilder(od.get().toString(), "-d", "--no-show-raw-insn",
                    "--start-address=0x" + Long.toHexString(s.value()), "--stop-address=0x" + Long.toHexString(s.value() + s.size()),
                    tmp.toString()).redirectErrorStream(true).start();
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
}
