package org.vdsoexplorer.sim.real;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A vDSO's ELF image: its exported dynamic symbols with their versions (.dynsym, .dynstr, .gnu.version,
 * .gnu.version_d, parsed here). The live lab lists them; the captured code is labelled with them.
 */
public record VdsoElf(byte[] bytes) {
    /** One exported symbol: name, version (e.g. LINUX_2.6), value (offset in the image), size, type. */
    public record Symbol(String name, String version, long value, long size, String type, String bind) {}

    private static final int SHT_DYNSYM = 11, SHT_GNU_VERDEF = 0x6ffffffd, SHT_GNU_VERSYM = 0x6fffffff;

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

}
