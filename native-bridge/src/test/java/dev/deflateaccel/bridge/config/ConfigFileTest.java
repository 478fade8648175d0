package dev.deflateaccel.bridge.config;

import static dev.deflateaccel.bridge.Backports.repeat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigFileTest {

    @Test
    void missingFileMeansZlibAccelDefaults(@TempDir Path dir) {
        AccelConfig c = ConfigFile.read(dir.resolve("absent.conf"));
        assertTrue(c.warnings().isEmpty());
        assertEquals(1, c.value(ConfigKey.USE_QAT_COMPRESS));
        assertEquals(0, c.value(ConfigKey.USE_IAA_COMPRESS));
        assertEquals(1, c.value(ConfigKey.USE_ZLIB_UNCOMPRESS));
        assertEquals(0, c.value(ConfigKey.USE_IGZIP_COMPRESS));
        assertEquals(50, c.value(ConfigKey.IAA_COMPRESS_PERCENTAGE));
        assertEquals(1, c.value(ConfigKey.LOG_LEVEL));
        assertEquals(0, c.value(ConfigKey.LOG_STATS_SAMPLES)); // zlib-accel's is 1000: see ConfigKey
        assertEquals(1, c.value(ConfigKey.IGZIP_COMPRESSION_LEVEL));
        assertEquals(6, c.value(ConfigKey.LIBDEFLATE_COMPRESSION_LEVEL));
        assertEquals("", c.text(ConfigKey.LOG_FILE));
    }

    @Test
    void parsesZlibAccelFormat(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("zlib-accel.conf");
        Files.write(f, Arrays.asList(
                "# comment line",
                "use_qat_compress = 0   # trailing comment",
                "  use_igzip_compress=1\r",
                "line without equals sign",
                "log_stats_samples = 4294967295",
                "libdeflate_compression_level = 12",
                "log_file = /var/log/cassandra/zlib-accel.log"));
        AccelConfig c = ConfigFile.read(f);
        assertEquals(Collections.emptyList(), c.warnings());
        assertFalse(c.enabled(ConfigKey.USE_QAT_COMPRESS));
        assertTrue(c.enabled(ConfigKey.USE_IGZIP_COMPRESS));
        assertEquals(4294967295L, c.value(ConfigKey.LOG_STATS_SAMPLES));
        assertEquals(12, c.value(ConfigKey.LIBDEFLATE_COMPRESSION_LEVEL));
        assertEquals("/var/log/cassandra/zlib-accel.log", c.text(ConfigKey.LOG_FILE));
    }

    @Test
    void badValuesWarnWithKeyValueAndRangeAndKeepDefault() {
        AccelConfig c = ConfigFile.parse(Arrays.asList(
                "igzip_compression_level = 4",
                "libdeflate_compression_level = -1",
                "use_zlib_compress = yes",
                "log_level = ",
                "log_file = /tmp/a b;rm",
                "no_such_key = 1"), "test.conf");
        List<String> w = c.warnings();
        assertEquals(6, w.size(), w.toString());
        assertEquals("test.conf:1: igzip_compression_level = '4' is not valid: expected an integer 0-3;"
                + " keeping default 1", w.get(0));
        assertTrue(w.get(1).contains("libdeflate_compression_level = '-1'") && w.get(1).contains("1-12"), w.get(1));
        assertTrue(w.get(2).contains("use_zlib_compress = 'yes'") && w.get(2).contains("0-1"), w.get(2));
        assertTrue(w.get(3).contains("log_level = ''"), w.get(3));
        assertTrue(w.get(4).contains("log_file"), w.get(4));
        assertEquals("test.conf:6: unknown key 'no_such_key' ignored", w.get(5));
        assertEquals(1, c.value(ConfigKey.IGZIP_COMPRESSION_LEVEL));
        assertEquals(6, c.value(ConfigKey.LIBDEFLATE_COMPRESSION_LEVEL));
        assertEquals(1, c.value(ConfigKey.USE_ZLIB_COMPRESS));
        assertEquals("", c.text(ConfigKey.LOG_FILE));
    }

    @Test
    void everyZlibAccelKeyIsKnown() {
        for (String key : Arrays.asList("use_qat_compress", "use_qat_uncompress", "use_iaa_compress", "use_iaa_uncompress",
                "use_zlib_compress", "use_zlib_uncompress", "use_igzip_compress", "use_igzip_uncompress",
                "igzip_fallback", "iaa_compress_percentage", "iaa_uncompress_percentage", "iaa_prepend_empty_block",
                "qat_periodical_polling", "qat_compression_level", "qat_compression_allow_chunking",
                "ignore_zlib_dictionary", "log_level", "log_stats_samples", "log_file", "map_shards")) {
            assertTrue(ConfigKey.forKey(key) != null, key);
        }
    }

    @Test
    void mapShardsIsAcceptedAsUpstreamValidatesItAndNotedOnceAsWithoutEffect() {
        AccelConfig c = ConfigFile.parse(Arrays.asList("map_shards = 128", "map_shards = 256"), "test.conf");
        assertEquals(Collections.emptyList(), c.warnings());
        assertEquals(256, c.value(ConfigKey.MAP_SHARDS));
        assertEquals(Arrays.asList("map_shards = 256 is accepted for compatibility with zlib-accel and has no effect here"),
                c.notices());
        assertTrue(ConfigFile.parse(Arrays.asList("use_qat_compress = 0"), "test.conf").notices().isEmpty());
    }

    @Test
    void mapShardsMustBeAPowerOfTwoFromTwoTo65536LikeUpstream() {
        for (String bad : Arrays.asList("0", "1", "100", "131072")) {
            AccelConfig c = ConfigFile.parse(Arrays.asList("map_shards = " + bad), "test.conf");
            assertEquals(Arrays.asList("test.conf:1: map_shards = '" + bad + "' is not valid: expected a power of two 2-65536;"
                    + " keeping default 64"), c.warnings());
            assertEquals(64, c.value(ConfigKey.MAP_SHARDS));
            assertTrue(c.notices().isEmpty(), c.notices().toString());
        }
        assertEquals(65536, ConfigFile.parse(Arrays.asList("map_shards = 65536"), "t").value(ConfigKey.MAP_SHARDS));
        assertEquals(2, ConfigFile.parse(Arrays.asList("map_shards = 2"), "t").value(ConfigKey.MAP_SHARDS));
    }

    @Test
    void warningsShowControlCharactersEscapedAndLongValuesCut() {
        String longValue = repeat("9", 10_000);
        AccelConfig c = ConfigFile.parse(Arrays.asList("log_level = 1\u001b[2J", "bad\u0007key = 1", "log_level = " + longValue),
                "test.conf");
        assertEquals("test.conf:1: log_level = '1\\x1b[2J' is not valid: expected an integer 0-3; keeping default 1",
                c.warnings().get(0));
        assertEquals("test.conf:2: unknown key 'bad\\x07key' ignored", c.warnings().get(1));
        assertTrue(c.warnings().get(2).contains("'" + repeat("9", 80) + "...(10000 characters)'"), c.warnings().get(2));
    }

    @Test
    void bytesSplitAtNewlinesOnlyAndCarriageReturnsAreStripped() {
        AccelConfig c = ConfigFile.parse("use_qat_compress = 0\r\nlog_level\r = 2\n".getBytes(StandardCharsets.US_ASCII),
                "test.conf");
        assertEquals(Collections.emptyList(), c.warnings());
        assertEquals(0, c.value(ConfigKey.USE_QAT_COMPRESS));
        assertEquals(2, c.value(ConfigKey.LOG_LEVEL));
    }

    @Test
    void nineteenDigitValuesPastLongMaxAreBadValuesNotExceptions() {
        AccelConfig c = ConfigFile.parse(Arrays.asList("log_stats_samples = 9223372036854775808",
                "log_stats_samples = 9999999999999999999"), "test.conf");
        assertEquals(2, c.warnings().size(), c.warnings().toString());
        assertTrue(c.warnings().get(0).contains("expected an integer 0-4294967295; keeping default 0"), c.warnings().get(0));
        assertEquals(0, c.value(ConfigKey.LOG_STATS_SAMPLES));
    }
}
