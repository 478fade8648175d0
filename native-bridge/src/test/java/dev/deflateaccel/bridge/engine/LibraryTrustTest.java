package dev.deflateaccel.bridge.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import dev.deflateaccel.bridge.files.TestFiles;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A library given by path is judged before it is loaded: loading runs its constructors inside
 * Cassandra, before any symbol check could reject it (issue 8). The marker library's constructor
 * writes a file, so "not loaded" is observed, not assumed.
 */
class LibraryTrustTest {
    private static final String HINT = "install the marker package";

    @TempDir
    Path dir;

    @Test
    void aTrustedLibraryIsLoadedWhichShowsTheMarkerWorks() throws Exception {
        MarkerLibrary lib = MarkerLibrary.build(dir, "libmarker-ok.so", "rwxr-xr-x");
        EngineStatus status = NativeBinding.bind(MarkerLibrary.Natives.class, lib.library().toString(), HINT);
        assertTrue(status.isAvailable(), status.toString());
        assertTrue(lib.constructorRan());
        assertEquals(42, MarkerLibrary.Natives.marker_probe());
    }

    @Test
    void aWorldWritableLibraryIsNotLoaded() throws Exception {
        MarkerLibrary lib = MarkerLibrary.build(dir, "libmarker-666.so", "rw-rw-rw-");
        EngineStatus status = NativeBinding.bind(MarkerLibrary.Natives.class, lib.library().toString(), HINT);
        assertRefused(status, lib, "it is world-writable (mode 0666)");
    }

    @Test
    void aSymlinkToAGroupWritableLibraryIsNotLoaded() throws Exception {
        MarkerLibrary lib = MarkerLibrary.build(dir, "libmarker-664.so", "rwxrwxr-x");
        Path link = Files.createSymbolicLink(dir.resolve("libmarker.so"), lib.library());
        EngineStatus status = NativeBinding.bind(MarkerLibrary.Natives.class, link.toString(), HINT);
        assertRefused(status, lib, "it is group-writable (mode 0775)");
        assertTrue(status.detail().contains(link + " (a symlink to " + lib.library().toRealPath() + ")"), status.detail());
    }

    @Test
    void aLibraryOwnedByAnotherUserIsNotLoaded() throws Exception {
        assumeTrue(TestFiles.runningAsRoot(), "only root can chown a file to another user; run the tests as root"
                + " to cover the owner rule");
        MarkerLibrary lib = MarkerLibrary.build(dir, "libmarker-nobody.so", "rwxr-xr-x");
        TestFiles.chown(lib.library(), TestFiles.OTHER_UID);
        EngineStatus status = NativeBinding.bind(MarkerLibrary.Natives.class, lib.library().toString(), HINT);
        assertRefused(status, lib, "is owned by uid " + TestFiles.OTHER_UID);
    }

    @Test
    void aDirectoryIsNotALibrary() {
        EngineStatus status = NativeBinding.bind(MarkerLibrary.Natives.class, dir.toString(), HINT);
        assertFalse(status.isAvailable());
        assertTrue(status.detail().contains("it is a directory, not a regular file"), status.detail());
    }

    @Test
    void aMissingLibraryStillNamesThePackageToInstall() {
        String missing = dir.resolve("libnothere.so.0").toString();
        EngineStatus status = NativeBinding.bind(MarkerLibrary.Natives.class, missing, HINT);
        assertFalse(status.isAvailable());
        assertEquals("cannot load " + missing + ": no such file; " + HINT, status.detail());
    }

    private static void assertRefused(EngineStatus status, MarkerLibrary lib, String reason) {
        assertFalse(status.isAvailable(), status.toString());
        assertTrue(status.detail().startsWith("refused to load "), status.detail());
        assertTrue(status.detail().contains(lib.library().getFileName().toString()), status.detail());
        assertTrue(status.detail().contains(reason), status.detail());
        assertFalse(lib.constructorRan(), "the refused library's constructor ran: it was loaded");
    }
}
