package dev.deflateaccel.bridge;

import static dev.deflateaccel.bridge.Architectures.Arch.AARCH64;
import static dev.deflateaccel.bridge.Architectures.Arch.X86_64;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;

import dev.deflateaccel.bridge.config.AccelConfig;
import dev.deflateaccel.bridge.config.ConfigFile;
import dev.deflateaccel.bridge.engine.DeflateEngine;
import dev.deflateaccel.bridge.engine.MarkerLibrary;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The registry's platform rules, with the architecture given as a parameter: QAT and IAA on
 * x86-64 only, igzip and libdeflate on x86-64 and aarch64, java.util.zip everywhere, and an
 * engine whose struct offsets were not checked for an architecture refuses there.
 */
class ArchitecturesTest {
    @TempDir
    Path tmp;

    @Test
    void osArchNamesMapToArchitectures() {
        assertEquals(X86_64, Architectures.Arch.of("amd64"));
        assertEquals(X86_64, Architectures.Arch.of("x86_64"));
        assertEquals(AARCH64, Architectures.Arch.of("aarch64"));
        assertNull(Architectures.Arch.of("ppc64le"));
        assertNull(Architectures.Arch.of(null));
    }

    @ParameterizedTest
    @ValueSource(strings = {"amd64", "x86_64"})
    void onX86EveryEngineMayRun(String osArch) {
        for (EngineDescriptor d : EngineRegistry.ALL) {
            assertNull(d.architectures().refusal(osArch), d.name());
        }
    }

    @Test
    void onAarch64QatAndIaaRefuseAsX86Only() {
        for (EngineDescriptor d : Arrays.asList(EngineRegistry.QAT, EngineRegistry.IAA)) {
            String refusal = d.architectures().refusal("aarch64");
            assertTrue(refusal != null && refusal.startsWith("x86-64 only; this JVM runs on aarch64"), d + ": " + refusal);
        }
        for (EngineDescriptor d : Arrays.asList(EngineRegistry.IGZIP, EngineRegistry.LIBDEFLATE, EngineRegistry.ZLIB)) {
            assertNull(d.architectures().refusal("aarch64"), d.name());
        }
    }

    @Test
    void onAnUnknownArchitectureOnlyJavaUtilZipRuns() {
        for (EngineDescriptor d : EngineRegistry.ALL) {
            String refusal = d.architectures().refusal("riscv64");
            if (d == EngineRegistry.ZLIB) {
                assertNull(refusal);
            } else {
                assertTrue(refusal != null && refusal.contains("only; this JVM runs on riscv64"), d + ": " + refusal);
            }
        }
        assertTrue(EngineRegistry.IGZIP.architectures().refusal("riscv64").startsWith("x86-64 and aarch64 only"));
    }

    @Test
    void structsNotCheckedForTheRunningArchitectureAreRefusedNotGuessed() {
        Architectures rule = Architectures.only(X86_64, AARCH64).structsCheckedOn("struct s", X86_64);
        assertNull(rule.refusal("amd64"));
        assertEquals("the layout of struct s was checked for x86-64 only, not for aarch64; refused rather than guessed",
                rule.refusal("aarch64"));
    }

    /** Refused before loading: the library's constructor never runs, and the doctor's status says why. */
    @Test
    void aRefusedEngineLoadsNothingAndSaysWhy() throws Exception {
        MarkerLibrary lib = MarkerLibrary.build(tmp, "libqatzip-marker.so", "rwxr-xr-x");
        AccelConfig config = ConfigFile.parse(Arrays.asList("use_qat_compress = 1", "qat_library = " + lib.library()), "test.conf");
        try (DeflateEngine e = EngineRegistry.QAT.open(config, EngineLimits.from(config), "aarch64")) {
            assertFalse(e.status().isAvailable());
            assertEquals("unavailable: x86-64 only; this JVM runs on aarch64 (os.arch), so the library is not loaded",
                    e.status().toString());
            assertEquals("qat", e.name());
        }
        assertFalse(lib.constructorRan(), "the refused library was loaded");
    }
}
