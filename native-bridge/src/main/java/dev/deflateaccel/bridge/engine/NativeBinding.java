package dev.deflateaccel.bridge.engine;

import java.io.IOException;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.ConcurrentHashMap;
import java.util.Map;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;

import dev.deflateaccel.bridge.files.FileFacts;
import dev.deflateaccel.bridge.files.FileTrust;

/**
 * Binds a class of direct-mapped {@code native} methods to a shared library, once per JVM and
 * class: JNA cannot rebind a registered class, and probing is not free. The outcome (with the
 * package to install when the library is missing) is kept and reported by the engine; a bound
 * library is named with the file it was loaded from ({@link LoadedFile}), looked up once.
 */
final class NativeBinding {
    /** What a class was bound to: the library as asked for, and how statuses name it. */
    private static final class Bound {
        final String library;
        final String description;

        Bound(String library, String description) {
            this.library = library;
            this.description = description;
        }
    }

    /** Read on the per-call path (Adler-32 checks), written under the bind lock. */
    private static final Map<Class<?>, Bound> BOUND = new ConcurrentHashMap<>();

    private NativeBinding() {
    }

    static synchronized EngineStatus bind(Class<?> natives, String library, String installHint) {
        if (library.indexOf('/') >= 0) {
            // Loading runs the library's constructors inside Cassandra before any symbol is
            // checked, so a file given by path is judged first. It is then loaded by its absolute
            // path: JNA would look a relative one up in jna.library.path first, and could load
            // another file than the one judged. Bare sonames are left to the dynamic loader's
            // search path, as is every other library this JVM loads.
            Path path;
            try {
                path = Paths.get(library).toAbsolutePath();
            } catch (InvalidPathException e) {
                return EngineStatus.unavailable("cannot load " + library + ": " + e.getMessage());
            }
            String refusal = untrusted(path, installHint);
            if (refusal != null) {
                return EngineStatus.unavailable(refusal);
            }
            library = path.toString();
        }
        NativeLibrary lib;
        try {
            lib = NativeLibrary.getInstance(library);
        } catch (UnsatisfiedLinkError | RuntimeException e) {
            return EngineStatus.unavailable("cannot load " + library + ": " + firstLine(e.getMessage())
                    + "; " + installHint);
        }
        Bound boundTo = BOUND.get(natives);
        if (boundTo != null) {
            return boundTo.library.equals(library)
                    ? EngineStatus.available(boundTo.description)
                    : EngineStatus.available(boundTo.description + " (bound earlier in this JVM; " + library + " not used)");
        }
        try {
            Native.register(natives, lib);
        } catch (UnsatisfiedLinkError | RuntimeException e) {
            return EngineStatus.unavailable(library + " loaded but lacks a needed function (" + firstLine(e.getMessage())
                    + "); " + installHint);
        }
        Bound bound = new Bound(library, LoadedFile.describe(library, LoadedFile.of(lib, natives)));
        BOUND.put(natives, bound);
        return EngineStatus.available(bound.description);
    }

    /** Why the library file may not be loaded, or null; a missing one keeps the install hint. */
    private static String untrusted(Path path, String installHint) {
        FileFacts facts;
        try {
            facts = FileFacts.of(path);
        } catch (NoSuchFileException e) {
            return "cannot load " + path + ": no such file; " + installHint;
        } catch (IOException | RuntimeException e) {
            return "refused to load " + path + ": cannot examine it (" + e + ")";
        }
        String reason = FileTrust.refusal(facts);
        return reason == null ? null : "refused to load " + FileTrust.describe(path) + ": it " + reason
                + "; a library given by path must be a regular file owned by root or this JVM's user"
                + " and writable by no one else";
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
