package dev.deflateaccel.bridge;

import dev.deflateaccel.bridge.config.AccelConfig;
import dev.deflateaccel.bridge.config.ConfigKey;
import dev.deflateaccel.bridge.engine.DeflateEngine;
import dev.deflateaccel.bridge.engine.RefusedEngine;

/**
 * What an engine is, in one place: its name, its role, the config keys that switch and tune it,
 * its library and the package that provides it, the architectures it runs on, and how to open it
 * from a config. Routing,
 * the doctor, the statistics and the test and benchmark config writers all read these through
 * {@link EngineRegistry}; none of them names an engine's keys on its own.
 */
public final class EngineDescriptor {
    /** What kind of engine it is; routing treats accelerators specially (zlib-accel's rules). */
    public enum Role {
        /** A device (QAT, IAA): may be busy or absent, output verified, igzip_fallback applies after it. */
        ACCELERATOR,
        /** A CPU library (ISA-L, libdeflate). */
        CPU,
        /** java.util.zip: what stock Cassandra runs; always available. */
        REFERENCE
    }

    /** Opens the engine from a config; {@code library} is the configured path or the default name. */
    @FunctionalInterface
    public interface Factory {
        DeflateEngine open(AccelConfig config, EngineLimits limits, String library);
    }

    private final String name;
    private final Role role;
    private final ConfigKey compressKey;
    private final ConfigKey decompressKey;
    private final ConfigKey libraryKey;
    private final String defaultLibrary;
    private final ConfigKey levelKey;
    private final String installHint;
    private final boolean optionalByDefault;
    private final Architectures architectures;
    private final Factory factory;

    private EngineDescriptor(Builder b) {
        this.name = b.name;
        this.role = b.role;
        this.compressKey = b.compressKey;
        this.decompressKey = b.decompressKey;
        this.libraryKey = b.libraryKey;
        this.defaultLibrary = b.defaultLibrary;
        this.levelKey = b.levelKey;
        this.installHint = b.installHint;
        this.optionalByDefault = b.optionalByDefault;
        this.architectures = b.architectures;
        this.factory = b.factory;
    }

    static Builder builder(String name, Role role) {
        return new Builder(name, role);
    }

    /** The name in logs, JMX ({@code engine=<name>}) and the doctor. */
    public String name() {
        return name;
    }

    public Role role() {
        return role;
    }

    /** {@code use_<name>_compress}. */
    public ConfigKey compressKey() {
        return compressKey;
    }

    /** {@code use_<name>_uncompress}. */
    public ConfigKey decompressKey() {
        return decompressKey;
    }

    /** The {@code *_library} key, or null for java.util.zip. */
    public ConfigKey libraryKey() {
        return libraryKey;
    }

    /** The soname loaded when {@link #libraryKey()} is not set; null for java.util.zip. */
    public String defaultLibrary() {
        return defaultLibrary;
    }

    /** The compression-level key, or null when the engine has none of its own. */
    public ConfigKey levelKey() {
        return levelKey;
    }

    /** What to install when the library is missing; null for java.util.zip. */
    public String installHint() {
        return installHint;
    }

    public boolean compresses(AccelConfig config) {
        return config.enabled(compressKey);
    }

    public boolean decompresses(AccelConfig config) {
        return config.enabled(decompressKey);
    }

    /** Whether the config enables it in either direction. */
    public boolean enabled(AccelConfig config) {
        return compresses(config) || decompresses(config);
    }

    /**
     * Whether its absence is a problem worth a warning (and a failed doctor). QAT is on by default,
     * as in zlib-accel; on a host without it that is news only when the operator set one of its keys.
     */
    public boolean askedFor(AccelConfig config) {
        if (!enabled(config)) {
            return false;
        }
        return !optionalByDefault || config.isSet(compressKey) || config.isSet(decompressKey)
                || (libraryKey != null && config.isSet(libraryKey));
    }

    /** The library this config loads: the configured path, or the default soname. */
    public String library(AccelConfig config) {
        if (libraryKey == null) {
            return null;
        }
        String path = config.text(libraryKey);
        return path.isEmpty() ? defaultLibrary : path;
    }

    /** Where it may run, and why it refuses elsewhere. */
    public Architectures architectures() {
        return architectures;
    }

    /**
     * Opens the engine (available or not: a missing library gives an engine that says why). On an
     * architecture it does not support, or whose struct offsets were not checked, nothing is loaded.
     */
    public DeflateEngine open(AccelConfig config, EngineLimits limits) {
        return open(config, limits, System.getProperty("os.arch"));
    }

    /** The same on the architecture {@code osArch}, as {@code os.arch} names it. */
    DeflateEngine open(AccelConfig config, EngineLimits limits, String osArch) {
        String refusal = architectures.refusal(osArch);
        if (refusal != null) {
            return new RefusedEngine(name, refusal);
        }
        return factory.open(config, limits, library(config));
    }

    @Override
    public String toString() {
        return name;
    }

    /** Reads as a table row in {@link EngineRegistry}. */
    static final class Builder {
        private final String name;
        private final Role role;
        private ConfigKey compressKey;
        private ConfigKey decompressKey;
        private ConfigKey libraryKey;
        private String defaultLibrary;
        private ConfigKey levelKey;
        private String installHint;
        private boolean optionalByDefault;
        private Architectures architectures;
        private Factory factory;

        private Builder(String name, Role role) {
            this.name = name;
            this.role = role;
        }

        Builder switches(ConfigKey compress, ConfigKey decompress) {
            this.compressKey = compress;
            this.decompressKey = decompress;
            return this;
        }

        Builder library(ConfigKey key, String soname, String hint) {
            this.libraryKey = key;
            this.defaultLibrary = soname;
            this.installHint = hint;
            return this;
        }

        Builder level(ConfigKey key) {
            this.levelKey = key;
            return this;
        }

        Builder optionalByDefault() {
            this.optionalByDefault = true;
            return this;
        }

        Builder runsOn(Architectures a) {
            this.architectures = a;
            return this;
        }

        EngineDescriptor opens(Factory f) {
            if (architectures == null) {
                throw new IllegalStateException(name + " does not declare the architectures it runs on");
            }
            this.factory = f;
            return new EngineDescriptor(this);
        }
    }
}
