package dev.deflateaccel.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Path;
import java.nio.file.Paths;

import org.junit.jupiter.api.Test;

/**
 * The ELF reader that Jdk25IT relies on, checked on the libzip.so of whatever JDK runs the
 * tests: it must see libjvm.so among the needed libraries and the JNI functions of
 * java.util.zip among the exports. A JDK that links the system zlib (Debian's OpenJDK does)
 * needs libz.so and imports {@code deflate}; one that bundles zlib (Temurin) does neither.
 */
class ElfDynamicTest {
    @Test
    void readsTheNeededLibrariesAndDynamicSymbolsOfTheJdksLibzip() throws Exception {
        // The JDK's own native libraries: java.home/lib from Java 9 on, java.home/lib/amd64 (the
        // architecture's folder) on Java 8.
        Path libzip = Paths.get(System.getProperty("sun.boot.library.path").split(File.pathSeparator)[0], "libzip.so");
        ElfDynamic elf = ElfDynamic.read(libzip);
        assertTrue(elf.needed.contains("libjvm.so"), elf.needed.toString());
        assertTrue(elf.needed.contains("libc.so.6"), elf.needed.toString());
        assertTrue(elf.symbols.stream().anyMatch(s -> s.defined && s.name.startsWith("Java_java_util_zip_")),
                "java.util.zip's JNI functions are exported");
        boolean importsDeflate = elf.symbols("deflate").stream().anyMatch(s -> !s.defined);
        assertEquals(elf.needsZlib(), importsDeflate,
                libzip + ": needs " + elf.needed + ", deflate symbols " + elf.symbols("deflate"));
        assertFalse(elf.symbols("deflate").stream().anyMatch(s -> s.defined), "libzip never exports zlib's deflate");
    }
}
