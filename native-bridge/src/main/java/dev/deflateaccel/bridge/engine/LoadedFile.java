package dev.deflateaccel.bridge.engine;

import java.io.BufferedReader;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;

/**
 * The file a native library was really loaded from, as the kernel maps it into this process. A
 * soname such as {@code libdeflate.so.0} is resolved by the dynamic loader (its cache, the
 * library path), and a configured path may be a symlink; what ran is the file behind one of the
 * library's functions in {@code /proc/self/maps}, symlinks resolved. That is what identifies
 * libdeflate, ISA-L and QATzip in a ticket: none of them has a call that returns its version
 * (libdeflate's is a header macro; QATzip 1.3.1's component version list is a stub that fails).
 */
final class LoadedFile {
    static final Path MAPS = Paths.get("/proc/self/maps");

    private LoadedFile() {
    }

    /**
     * The mapped file of the first of {@code natives}' native methods (by name) that {@code lib}
     * exports, or null when it cannot be told (no {@code /proc/self/maps}: not Linux).
     */
    static String of(NativeLibrary lib, Class<?> natives) {
        List<String> names = new ArrayList<>();
        for (Method m : natives.getDeclaredMethods()) {
            if (Modifier.isNative(m.getModifiers())) {
                names.add(m.getName());
            }
        }
        Collections.sort(names);
        for (String name : names) {
            long address;
            try {
                address = Pointer.nativeValue(lib.getFunction(name));
            } catch (UnsatisfiedLinkError | RuntimeException e) {
                continue;
            }
            return mappedFile(address);
        }
        return null;
    }

    /** The file mapped at {@code address} in this process, or null. */
    static String mappedFile(long address) {
        if (!Files.isReadable(MAPS)) {
            return null;
        }
        try (BufferedReader r = Files.newBufferedReader(MAPS, StandardCharsets.UTF_8)) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                // start-end perms offset dev inode [path]; the path may hold spaces.
                String[] f = line.trim().split("\\s+", 6);
                int dash = f[0].indexOf('-');
                if (f.length < 6 || dash < 0 || !f[5].startsWith("/")) {
                    continue;
                }
                long start = Long.parseUnsignedLong(f[0].substring(0, dash), 16);
                long end = Long.parseUnsignedLong(f[0].substring(dash + 1), 16);
                if (Long.compareUnsigned(address, start) >= 0 && Long.compareUnsigned(address, end) < 0) {
                    return f[5];
                }
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        return null;
    }

    /**
     * How a status names the library: {@code asked} (the soname or path the config gave), then
     * the file it was loaded from when that differs.
     */
    static String describe(String asked, String file) {
        return file == null || file.equals(asked) ? asked : asked + " (loaded from " + file + ")";
    }
}
