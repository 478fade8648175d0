package dev.deflateaccel.bridge;

import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The CPU architectures one engine may run on, and the rule that refuses the others before its
 * library is loaded. Two facts per engine: where it is supported (QAT and IAA exist only on
 * x86-64), and, for a binding that writes a vendor's structs at fixed offsets, the architectures
 * those offsets were checked for. On any other architecture the engine refuses with a reason:
 * offsets that were not checked would be a guess, and a wrong guess writes outside a struct.
 */
public final class Architectures {
    /** An architecture as the JVM names it in {@code os.arch}. */
    public enum Arch {
        X86_64("x86-64", "amd64", "x86_64"),
        AARCH64("aarch64", "aarch64");

        private final String label;
        private final Set<String> osArchNames;

        Arch(String label, String... osArchNames) {
            this.label = label;
            this.osArchNames = Collections.unmodifiableSet(new HashSet<>(Arrays.asList(osArchNames)));
        }

        /** The architecture {@code os.arch} names, or null when it is none we know. */
        public static Arch of(String osArch) {
            String name = osArch == null ? "" : osArch.toLowerCase(Locale.ROOT);
            for (Arch a : values()) {
                if (a.osArchNames.contains(name)) {
                    return a;
                }
            }
            return null;
        }

        @Override
        public String toString() {
            return label;
        }
    }

    /** java.util.zip: the JDK's own code, on every architecture the JDK runs on. */
    static final Architectures ANY = new Architectures(null, null, null);

    /** Supported architectures; null for every one. */
    private final Set<Arch> supported;
    /** The structs the binding writes, or null when it writes none. */
    private final String structs;
    private final Set<Arch> structsChecked;

    private Architectures(Set<Arch> supported, String structs, Set<Arch> structsChecked) {
        this.supported = supported;
        this.structs = structs;
        this.structsChecked = structsChecked;
    }

    /** Supported on exactly these; enough for a binding that writes no vendor struct (libdeflate). */
    static Architectures only(Arch first, Arch... more) {
        return new Architectures(EnumSet.of(first, more), null, null);
    }

    /** And the binding writes {@code structs} at offsets checked for {@code checked} only. */
    Architectures structsCheckedOn(String structs, Arch first, Arch... more) {
        return new Architectures(supported, structs, EnumSet.of(first, more));
    }

    /**
     * Why an engine may not run on the architecture {@code osArch} (the JVM's {@code os.arch}),
     * or null when it may. A pure function: tests give the architecture.
     */
    public String refusal(String osArch) {
        if (supported == null) {
            return null;
        }
        Arch arch = Arch.of(osArch);
        if (arch == null || !supported.contains(arch)) {
            return names(supported) + " only; this JVM runs on " + osArch + " (os.arch), so the library is not loaded";
        }
        if (structs != null && !structsChecked.contains(arch)) {
            return "the layout of " + structs + " was checked for " + names(structsChecked) + " only, not for "
                    + arch + "; refused rather than guessed";
        }
        return null;
    }

    /** "x86-64", "x86-64 and aarch64", or "every architecture". */
    public String describe() {
        return supported == null ? "every architecture" : names(supported);
    }

    private static String names(Set<Arch> archs) {
        return archs.stream().map(Arch::toString).collect(Collectors.joining(" and "));
    }
}
