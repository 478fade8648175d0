package dev.deflateaccel.bridge;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import static dev.deflateaccel.bridge.Architectures.Arch.AARCH64;
import static dev.deflateaccel.bridge.Architectures.Arch.X86_64;

import dev.deflateaccel.bridge.EngineDescriptor.Role;
import dev.deflateaccel.bridge.config.ConfigKey;
import dev.deflateaccel.bridge.engine.IaaEngine;
import dev.deflateaccel.bridge.engine.IgzipEngine;
import dev.deflateaccel.bridge.engine.LibdeflateEngine;
import dev.deflateaccel.bridge.engine.QatEngine;
import dev.deflateaccel.bridge.engine.ZlibEngine;

/**
 * Every engine, in routing order: the accelerators QAT then IAA, then ISA-L igzip, then
 * libdeflate, then java.util.zip. igzip comes before libdeflate because an operator who turns
 * igzip on asks for its speed; libdeflate is on by default. Adding an engine means its engine
 * class, its natives class, one entry here and one conformance test subclass.
 *
 * <p>Architectures: QAT and IAA devices exist only on x86-64. libdeflate and ISA-L ship aarch64
 * code too; both are tested on aarch64 under qemu ({@code Aarch64IT}). igzip's binding writes
 * ISA-L's structs at fixed offsets; {@code VendorAbiTest} compares them with {@code igzip_lib.h}
 * as compiled for x86-64 and for aarch64, the two architectures declared here.
 */
public final class EngineRegistry {
    public static final EngineDescriptor QAT = EngineDescriptor.builder(QatEngine.NAME, Role.ACCELERATOR)
            .switches(ConfigKey.USE_QAT_COMPRESS, ConfigKey.USE_QAT_UNCOMPRESS)
            .library(ConfigKey.QAT_LIBRARY, QatEngine.DEFAULT_LIBRARY, QatEngine.INSTALL_HINT)
            .level(ConfigKey.QAT_COMPRESSION_LEVEL)
            .optionalByDefault()
            .runsOn(Architectures.only(X86_64))
            .opens((config, limits, library) -> QatEngine.open(library, config.intValue(ConfigKey.QAT_COMPRESSION_LEVEL),
                    config.enabled(ConfigKey.QAT_PERIODICAL_POLLING), config.enabled(ConfigKey.VERIFY_ACCELERATOR_OUTPUT),
                    limits.maxContexts(), limits.maxBufferBytes()));

    public static final EngineDescriptor IAA = EngineDescriptor.builder(IaaEngine.NAME, Role.ACCELERATOR)
            .switches(ConfigKey.USE_IAA_COMPRESS, ConfigKey.USE_IAA_UNCOMPRESS)
            .library(ConfigKey.IAA_LIBRARY, IaaEngine.DEFAULT_LIBRARY, IaaEngine.INSTALL_HINT)
            .runsOn(Architectures.only(X86_64))
            .opens((config, limits, library) -> IaaEngine.open(library, config.enabled(ConfigKey.VERIFY_ACCELERATOR_OUTPUT),
                    config.enabled(ConfigKey.IAA_PREPEND_EMPTY_BLOCK), limits.maxContexts(), limits.maxBufferBytes()));

    public static final EngineDescriptor IGZIP = EngineDescriptor.builder(IgzipEngine.NAME, Role.CPU)
            .switches(ConfigKey.USE_IGZIP_COMPRESS, ConfigKey.USE_IGZIP_UNCOMPRESS)
            .library(ConfigKey.IGZIP_LIBRARY, IgzipEngine.DEFAULT_LIBRARY, IgzipEngine.INSTALL_HINT)
            .level(ConfigKey.IGZIP_COMPRESSION_LEVEL)
            .runsOn(Architectures.only(X86_64, AARCH64).structsCheckedOn("isal_zstream and inflate_state", X86_64, AARCH64))
            .opens((config, limits, library) -> IgzipEngine.open(library, config.intValue(ConfigKey.IGZIP_COMPRESSION_LEVEL),
                    limits.maxContexts(), limits.maxBufferBytes()));

    public static final EngineDescriptor LIBDEFLATE = EngineDescriptor.builder(LibdeflateEngine.NAME, Role.CPU)
            .switches(ConfigKey.USE_LIBDEFLATE_COMPRESS, ConfigKey.USE_LIBDEFLATE_UNCOMPRESS)
            .library(ConfigKey.LIBDEFLATE_LIBRARY, LibdeflateEngine.DEFAULT_LIBRARY, LibdeflateEngine.INSTALL_HINT)
            .level(ConfigKey.LIBDEFLATE_COMPRESSION_LEVEL)
            .runsOn(Architectures.only(X86_64, AARCH64))
            .opens((config, limits, library) -> LibdeflateEngine.open(library,
                    config.intValue(ConfigKey.LIBDEFLATE_COMPRESSION_LEVEL), limits.maxContexts(), limits.maxBufferBytes()));

    public static final EngineDescriptor ZLIB = EngineDescriptor.builder(ZlibEngine.NAME, Role.REFERENCE)
            .switches(ConfigKey.USE_ZLIB_COMPRESS, ConfigKey.USE_ZLIB_UNCOMPRESS)
            .runsOn(Architectures.ANY)
            .opens((config, limits, library) -> new ZlibEngine(limits.maxContexts()));

    /** Routing order. */
    public static final List<EngineDescriptor> ALL = Collections.unmodifiableList(
            Arrays.asList(QAT, IAA, IGZIP, LIBDEFLATE, ZLIB));

    private EngineRegistry() {
    }

    /** The engine of that name, or null. */
    public static EngineDescriptor named(String name) {
        for (EngineDescriptor d : ALL) {
            if (d.name().equals(name)) {
                return d;
            }
        }
        return null;
    }
}
