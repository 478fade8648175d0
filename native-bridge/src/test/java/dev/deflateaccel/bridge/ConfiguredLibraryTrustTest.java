package dev.deflateaccel.bridge;

import static dev.deflateaccel.bridge.Backports.utf8;
import static dev.deflateaccel.bridge.Backports.utf8PrintStream;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.util.Arrays;

import dev.deflateaccel.bridge.config.AccelConfig;
import dev.deflateaccel.bridge.config.ConfigFile;
import dev.deflateaccel.bridge.engine.DeflateEngine;
import dev.deflateaccel.bridge.engine.MarkerLibrary;
import dev.deflateaccel.bridge.stats.Direction;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The operator's view of the library rule: a world-writable libdeflate_library never runs. */
class ConfiguredLibraryTrustTest {
    @Test
    void aWorldWritableLibdeflateLibraryIsNeverLoadedAndZlibServes(@TempDir Path dir) throws Exception {
        MarkerLibrary lib = MarkerLibrary.build(dir, "libdeflate.so.0", "rw-rw-rw-");
        // QAT off: it is on by default, and where an earlier test bound the QAT emulator in this
        // JVM it would take the call that should show zlib serving.
        AccelConfig config = ConfigFile.parse(Arrays.asList("libdeflate_library = " + lib.library(),
                "use_qat_compress = 0", "use_qat_uncompress = 0"), "test.conf");
        ByteArrayOutputStream logged = new ByteArrayOutputStream();
        AccelLog log = AccelLog.to(utf8PrintStream(logged), AccelLog.ERROR);
        try (DeflateBridge b = DeflateBridge.create(config, log)) {
            DeflateEngine libdeflate = b.engines().stream().filter(e -> e.name().equals("libdeflate")).findFirst().get();
            assertFalse(libdeflate.status().isAvailable());
            assertTrue(libdeflate.status().detail().contains("refused to load " + lib.library()
                    + ": it is world-writable (mode 0666)"), libdeflate.status().detail());
            assertFalse(lib.constructorRan(), "the library was loaded: its constructor ran");
            String warnings = utf8(logged);
            assertEquals(1, warnings.split("refused to load", -1).length - 1, warnings);

            byte[] data = TestData.cassandraLikeRows(4096, 8);
            byte[] out = new byte[TestData.bound(data.length)];
            b.compress(data, 0, data.length, out, 0, out.length);
            assertEquals(1, b.statistics().of("zlib", Direction.COMPRESS).getOperations());
        }
    }
}
