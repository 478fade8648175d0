package dev.deflateaccel.bench;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class AgentConfigFileTest {
    @Test
    void switchesOnOnlyTheChosenEngine() {
        String igzip = AgentConfigFile.onlyEngine("igzip");
        assertTrue(igzip.contains("use_igzip_compress = 1\n"));
        assertTrue(igzip.contains("use_igzip_uncompress = 1\n"));
        assertTrue(igzip.contains("use_libdeflate_compress = 0\n"));
        assertTrue(igzip.contains("use_libdeflate_uncompress = 0\n"));
        assertTrue(igzip.contains("use_zlib_compress = 0\n"));
        assertTrue(igzip.contains("use_qat_uncompress = 0\n"));
        assertTrue(igzip.contains("igzip_compression_level = 1\n"));
        assertTrue(igzip.contains("libdeflate_compression_level = 6\n"));
    }
}
