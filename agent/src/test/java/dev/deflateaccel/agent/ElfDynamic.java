package dev.deflateaccel.agent;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What the dynamic linker sees of a 64-bit little-endian ELF shared library, read the way
 * {@code readelf -d} and {@code readelf --dyn-syms} read it: its DT_NEEDED libraries and its
 * dynamic symbols. An LD_PRELOAD library can only interpose on a call that goes through the
 * dynamic symbol table, so these two lists decide whether a zlib shim can reach a library.
 */
final class ElfDynamic {
    private static final int SHT_DYNAMIC = 6;
    private static final int SHT_DYNSYM = 11;
    private static final long DT_NULL = 0;
    private static final long DT_NEEDED = 1;

    /** One dynamic symbol; {@code defined} is false for an import (st_shndx = SHN_UNDEF). */
    static final class Symbol {
        final String name;
        final boolean defined;

        Symbol(String name, boolean defined) {
            this.name = name;
            this.defined = defined;
        }

        @Override
        public String toString() {
            return name + (defined ? "" : " (UND)");
        }
    }

    final List<String> needed;
    final List<Symbol> symbols;

    private ElfDynamic(List<String> needed, List<Symbol> symbols) {
        this.needed = Collections.unmodifiableList(needed);
        this.symbols = Collections.unmodifiableList(symbols);
    }

    static ElfDynamic read(Path file) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        if (b.getInt(0) != 0x464c457f || b.get(4) != 2 || b.get(5) != 1) {
            throw new IOException(file + " is not a 64-bit little-endian ELF file");
        }
        long shoff = b.getLong(0x28);
        int shentsize = Short.toUnsignedInt(b.getShort(0x3a));
        int shnum = Short.toUnsignedInt(b.getShort(0x3c));
        List<String> needed = new ArrayList<>();
        List<Symbol> symbols = new ArrayList<>();
        for (int i = 0; i < shnum; i++) {
            int sh = (int) (shoff + (long) i * shentsize);
            int type = b.getInt(sh + 4);
            if (type != SHT_DYNAMIC && type != SHT_DYNSYM) {
                continue;
            }
            int offset = (int) b.getLong(sh + 0x18);
            int size = (int) b.getLong(sh + 0x20);
            int link = b.getInt(sh + 0x28);
            int strtab = (int) b.getLong((int) (shoff + (long) link * shentsize) + 0x18);
            if (type == SHT_DYNAMIC) {
                for (int e = offset; e + 16 <= offset + size; e += 16) {
                    long tag = b.getLong(e);
                    if (tag == DT_NULL) {
                        break;
                    }
                    if (tag == DT_NEEDED) {
                        needed.add(string(b, strtab + (int) b.getLong(e + 8)));
                    }
                }
            } else {
                for (int e = offset + 24; e + 24 <= offset + size; e += 24) { // entry 0 is the null symbol
                    String name = string(b, strtab + b.getInt(e));
                    boolean defined = b.getShort(e + 6) != 0;
                    symbols.add(new Symbol(name, defined));
                }
            }
        }
        return new ElfDynamic(needed, symbols);
    }

    boolean needsZlib() {
        return needed.stream().anyMatch(n -> n.startsWith("libz.so"));
    }

    /** Every dynamic symbol with this name, imported or exported. */
    List<Symbol> symbols(String name) {
        List<Symbol> found = new ArrayList<>();
        for (Symbol s : symbols) {
            if (s.name.equals(name)) {
                found.add(s);
            }
        }
        return found;
    }

    private static String string(ByteBuffer b, int at) {
        int end = at;
        while (b.get(end) != 0) {
            end++;
        }
        byte[] bytes = new byte[end - at];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = b.get(at + i);
        }
        return new String(bytes, StandardCharsets.US_ASCII);
    }
}
