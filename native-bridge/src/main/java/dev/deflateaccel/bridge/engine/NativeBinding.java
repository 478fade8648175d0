package dev.deflateaccel.bridge.engine;

import java.util.concurrent.ConcurrentHashMap;
import java.util.Map;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;

/**
 * Binds a class of direct-mapped {@code native} methods to a shared library, once per JVM and
 * class: JNA cannot rebind a registered class, and probing is not free. The outcome (with the
 * package to install when the library is missing) is kept and reported by the engine.
 */
final class NativeBinding {
    /** Read on the per-call path (Adler-32 checks), written under the bind lock. */
    private static final Map<Class<?>, String> BOUND = new ConcurrentHashMap<>();

    private NativeBinding() {
    }

    static synchronized EngineStatus bind(Class<?> natives, String library, String installHint) {
        NativeLibrary lib;
        try {
            lib = NativeLibrary.getInstance(library);
        } catch (UnsatisfiedLinkError | RuntimeException e) {
            return EngineStatus.unavailable("cannot load " + library + ": " + firstLine(e.getMessage())
                    + "; " + installHint);
        }
        String boundTo = BOUND.get(natives);
        if (boundTo != null) {
            return boundTo.equals(library)
                    ? EngineStatus.available(describe(lib, library))
                    : EngineStatus.available(boundTo + " (bound earlier in this JVM; " + library + " not used)");
        }
        try {
            Native.register(natives, lib);
        } catch (UnsatisfiedLinkError | RuntimeException e) {
            return EngineStatus.unavailable(library + " loaded but lacks a needed function (" + firstLine(e.getMessage())
                    + "); " + installHint);
        }
        BOUND.put(natives, library);
        return EngineStatus.available(describe(lib, library));
    }

    private static String describe(NativeLibrary lib, String library) {
        return lib.getFile() != null ? lib.getFile().getPath() : library;
    }

    /** JNA's message on one line: it lists every path it tried, one per line. */
    static boolean isBound(Class<?> natives) {
        return BOUND.containsKey(natives);
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "no detail";
        }
        String oneLine = s.replaceAll("\\s*\\n\\s*", " ").trim();
        return oneLine.length() > 400 ? oneLine.substring(0, 400) + "..." : oneLine;
    }
}
