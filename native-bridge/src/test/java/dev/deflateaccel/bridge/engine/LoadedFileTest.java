package dev.deflateaccel.bridge.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Paths;

import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import org.junit.jupiter.api.Test;

/** Which file a loaded library came from, read from this process's own mappings. */
class LoadedFileTest {

    @Test
    void aFunctionsAddressLeadsToTheRealFileOfItsLibrary() {
        long getpid = Pointer.nativeValue(NativeLibrary.getInstance("c").getFunction("getpid"));
        String file = LoadedFile.mappedFile(getpid);
        assertNotNull(file, "getpid's address is in no mapping");
        assertTrue(Paths.get(file).getFileName().toString().startsWith("libc"), file);
        assertTrue(Files.isRegularFile(Paths.get(file), LinkOption.NOFOLLOW_LINKS), file);
    }

    @Test
    void anAddressNoFileIsMappedAtHasNone() {
        assertNull(LoadedFile.mappedFile(8));
    }

    @Test
    void theStatusNamesTheFileOnlyWhenItDiffersFromWhatWasAskedFor() {
        assertEquals("libdeflate.so.0 (loaded from /usr/lib/x86_64-linux-gnu/libdeflate.so.0)",
                LoadedFile.describe("libdeflate.so.0", "/usr/lib/x86_64-linux-gnu/libdeflate.so.0"));
        assertEquals("/opt/x/libqatzip.so.3", LoadedFile.describe("/opt/x/libqatzip.so.3", "/opt/x/libqatzip.so.3"));
        assertEquals("libisal.so.2", LoadedFile.describe("libisal.so.2", null));
    }
}
