package org.vdsoexplorer.host.live;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.vdsoexplorer.sim.real.RealCode;
import org.vdsoexplorer.sim.real.VdsoElf;
import java.util.Optional;

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
        return new VdsoElf(bytes).symbols().stream()
                .map(s -> new Symbol(s.name(), s.version(), s.value(), s.size(), s.type(), s.bind())).toList();
    }

    /** objdump on PATH, if any. */
    public static Optional<Path> objdump() { return RealCode.objdump(); }

    /**
     * GNU objdump's disassembly of {@code symbol} in this image; empty when objdump is not installed. The range
     * comes from the symbol table parsed here.
     */
    public Optional<String> disassemble(String symbol) throws IOException {
        Symbol s = symbols().stream().filter(x -> x.name().equals(symbol)).findFirst()
                .orElseThrow(() -> new IOException("the vDSO exports no " + symbol));
        return RealCode.objdump(bytes, List.of("--start-address=0x" + Long.toHexString(s.value()),
                "--stop-address=0x" + Long.toHexString(s.value() + s.size())));
    }
}
