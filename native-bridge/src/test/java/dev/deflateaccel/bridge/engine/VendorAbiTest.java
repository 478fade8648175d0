package dev.deflateaccel.bridge.engine;

import static dev.deflateaccel.bridge.Backports.readAllBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every struct size, field offset and constant the bindings use, as the C compiler reads them
 * from a set of headers ({@code src/test/c/abi_facts.c}), against the Java constants: the
 * vendors' own headers (QATzip for every release the engine takes, QPL likewise, ISA-L and
 * libdeflate from Debian's -dev packages for x86-64 and for aarch64), and the device emulators'
 * clean-room headers. The last is no vendor check: both sides are this project's own copies, so
 * it shows only that the emulators and the bindings agree with each other; that both agree with
 * Intel's headers rests on the QATzip and QPL checks, which run only with the vendor libraries.
 * A test that fails names each fact that differs, with both values.
 */
class VendorAbiTest {
    private static final Path FACTS_SOURCE = Paths.get("src/test/c/abi_facts.c").toAbsolutePath();
    private static final Path EMULATOR_HEADERS = Paths.get("src/test/c").toAbsolutePath();
    /** Debian's libisal-dev and libdeflate-dev (Multi-Arch: same, so one header serves every architecture). */
    private static final Path ISAL_HEADERS = Paths.get("/usr/include/isa-l");
    private static final Path LIBDEFLATE_HEADER = Paths.get("/usr/include/libdeflate.h");

    @TempDir
    Path work;

    // ---- what the Java bindings say, by the C name of each fact

    static Map<String, Long> qatzipExpected() {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("QATZIP_API_VERSION", (long) QatzipNatives.API_VERSION);
        m.put("QzSession_T.sizeof", (long) QatzipNatives.SESSION_BYTES);
        m.put("QzSession_T.hw_session_stat", (long) QatzipNatives.SESSION_HW_SESSION_STAT);
        m.put("QzSessionParamsDeflate_T.common_params.direction", (long) QatzipNatives.PARAMS_DIRECTION);
        m.put("QzSessionParamsDeflate_T.common_params.comp_lvl", (long) QatzipNatives.PARAMS_COMP_LVL);
        m.put("QzSessionParamsDeflate_T.common_params.comp_algorithm", (long) QatzipNatives.PARAMS_COMP_ALGORITHM);
        m.put("QzSessionParamsDeflate_T.common_params.sw_backup", (long) QatzipNatives.PARAMS_SW_BACKUP);
        m.put("QzSessionParamsDeflate_T.common_params.hw_buff_sz", (long) QatzipNatives.PARAMS_HW_BUFF_SZ);
        m.put("QzSessionParamsDeflate_T.common_params.polling_mode", (long) QatzipNatives.PARAMS_POLLING_MODE);
        m.put("QzSessionParamsDeflate_T.data_fmt", (long) QatzipNatives.PARAMS_DATA_FMT);
        m.put("QzSessionParamsDeflateExt_T.sizeof", (long) QatzipNatives.PARAMS_BYTES);
        m.put("QzSessionParamsDeflateExt_T.deflate_params", 0L);
        m.put("QzSessionParamsDeflateExt_T.zlib_format", (long) QatzipNatives.PARAMS_ZLIB_FORMAT);
        m.put("QZ_OK", (long) QatzipNatives.QZ_OK);
        m.put("QZ_DUPLICATE", (long) QatzipNatives.QZ_DUPLICATE);
        m.put("QZ_NO_HW", (long) QatzipNatives.QZ_NO_HW);
        m.put("QZ_PARAMS", (long) QatzipNatives.QZ_PARAMS);
        m.put("QZ_FAIL", (long) QatzipNatives.QZ_FAIL);
        m.put("QZ_BUF_ERROR", (long) QatzipNatives.QZ_BUF_ERROR);
        m.put("QZ_DATA_ERROR", (long) QatzipNatives.QZ_DATA_ERROR);
        m.put("QZ_TIMEOUT", (long) QatzipNatives.QZ_TIMEOUT);
        m.put("QZ_NOSW_NO_HW", (long) QatzipNatives.QZ_NOSW_NO_HW);
        m.put("QZ_NOSW_NO_MDRV", (long) QatzipNatives.QZ_NOSW_NO_MDRV);
        m.put("QZ_NOSW_NO_INST_ATTACH", (long) QatzipNatives.QZ_NOSW_NO_INST_ATTACH);
        m.put("QZ_NOSW_LOW_MEM", (long) QatzipNatives.QZ_NOSW_LOW_MEM);
        m.put("QZ_DIR_BOTH", (long) QatzipNatives.QZ_DIR_BOTH);
        m.put("QZ_DEFLATE_RAW", (long) QatzipNatives.QZ_DEFLATE_RAW);
        m.put("QZ_DEFLATE", (long) QatzipNatives.QZ_DEFLATE);
        m.put("QZ_PERIODICAL_POLLING", (long) QatzipNatives.QZ_PERIODICAL_POLLING);
        m.put("QZ_BUSY_POLLING", (long) QatzipNatives.QZ_BUSY_POLLING);
        return m;
    }

    static Map<String, Long> qplExpected() {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("qpl_job.next_in_ptr", (long) QplNatives.JOB_NEXT_IN_PTR);
        m.put("qpl_job.available_in", (long) QplNatives.JOB_AVAILABLE_IN);
        m.put("qpl_job.total_in", (long) QplNatives.JOB_TOTAL_IN);
        m.put("qpl_job.next_out_ptr", (long) QplNatives.JOB_NEXT_OUT_PTR);
        m.put("qpl_job.available_out", (long) QplNatives.JOB_AVAILABLE_OUT);
        m.put("qpl_job.total_out", (long) QplNatives.JOB_TOTAL_OUT);
        m.put("qpl_job.op", (long) QplNatives.JOB_OP);
        m.put("qpl_job.flags", (long) QplNatives.JOB_FLAGS);
        m.put("qpl_job.level", (long) QplNatives.JOB_LEVEL);
        m.put("qpl_path_hardware", (long) QplNatives.PATH_HARDWARE);
        m.put("qpl_path_software", (long) QplNatives.PATH_SOFTWARE);
        m.put("qpl_op_decompress", (long) QplNatives.OP_DECOMPRESS);
        m.put("qpl_op_compress", (long) QplNatives.OP_COMPRESS);
        m.put("qpl_default_level", (long) QplNatives.LEVEL_DEFAULT);
        m.put("QPL_FLAG_FIRST", (long) QplNatives.FLAG_FIRST);
        m.put("QPL_FLAG_LAST", (long) QplNatives.FLAG_LAST);
        m.put("QPL_FLAG_DYNAMIC_HUFFMAN", (long) QplNatives.FLAG_DYNAMIC_HUFFMAN);
        m.put("QPL_FLAG_OMIT_VERIFY", (long) QplNatives.FLAG_OMIT_VERIFY);
        m.put("QPL_FLAG_ZLIB_MODE", (long) QplNatives.FLAG_ZLIB_MODE);
        m.put("QPL_STS_OK", (long) QplNatives.STS_OK);
        m.put("QPL_STS_MORE_OUTPUT_NEEDED", (long) QplNatives.STS_MORE_OUTPUT_NEEDED);
        m.put("QPL_STS_MORE_INPUT_NEEDED", (long) QplNatives.STS_MORE_INPUT_NEEDED);
        m.put("QPL_STS_QUEUES_ARE_BUSY_ERR", (long) QplNatives.STS_QUEUES_ARE_BUSY);
        m.put("QPL_STS_BUFFER_TOO_LARGE_ERR", (long) QplNatives.STS_BUFFER_TOO_LARGE);
        m.put("QPL_STS_INFLATE_NEED_DICT_ERR", (long) QplNatives.STS_INFLATE_NEED_DICT);
        m.put("QPL_STS_ARCHIVE_HEADER_ERR", (long) QplNatives.STS_ARCHIVE_HEADER_ERR);
        m.put("QPL_STS_BAD_DIST_ERR", (long) QplNatives.STS_BAD_DIST_ERR);
        m.put("QPL_OPERATION_ERROR_BASE", (long) QplNatives.STS_OPERATION_ERROR_BASE);
        m.put("QPL_OPERATION_STATUS_BASE", (long) QplNatives.STS_OPERATION_STATUS_BASE);
        m.put("QPL_STS_INIT_HW_NOT_SUPPORTED", (long) QplNatives.STS_INIT_HW_NOT_SUPPORTED);
        m.put("QPL_STS_INIT_LIBACCEL_NOT_FOUND", (long) QplNatives.STS_INIT_LIBACCEL_NOT_FOUND);
        m.put("QPL_STS_INIT_WORK_QUEUES_NOT_AVAILABLE", (long) QplNatives.STS_INIT_WORK_QUEUES_NOT_AVAILABLE);
        m.put("QPL_STS_TRANSFER_SIZE_INVALID", (long) QplNatives.STS_TRANSFER_SIZE_INVALID);
        return m;
    }

    static Map<String, Long> isalAndLibdeflateExpected() {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("struct isal_zstream.next_in", (long) IsalNatives.ZS_NEXT_IN);
        m.put("struct isal_zstream.avail_in", (long) IsalNatives.ZS_AVAIL_IN);
        m.put("struct isal_zstream.next_out", (long) IsalNatives.ZS_NEXT_OUT);
        m.put("struct isal_zstream.avail_out", (long) IsalNatives.ZS_AVAIL_OUT);
        m.put("struct isal_zstream.total_out", (long) IsalNatives.ZS_TOTAL_OUT);
        m.put("struct isal_zstream.level", (long) IsalNatives.ZS_LEVEL);
        m.put("struct isal_zstream.level_buf_size", (long) IsalNatives.ZS_LEVEL_BUF_SIZE);
        m.put("struct isal_zstream.level_buf", (long) IsalNatives.ZS_LEVEL_BUF);
        m.put("struct isal_zstream.end_of_stream", (long) IsalNatives.ZS_END_OF_STREAM);
        m.put("struct isal_zstream.flush", (long) IsalNatives.ZS_FLUSH);
        m.put("struct isal_zstream.gzip_flag", (long) IsalNatives.ZS_GZIP_FLAG);
        m.put("struct isal_zstream.hist_bits", (long) IsalNatives.ZS_HIST_BITS);
        m.put("struct inflate_state.next_out", (long) IsalNatives.IS_NEXT_OUT);
        m.put("struct inflate_state.avail_out", (long) IsalNatives.IS_AVAIL_OUT);
        m.put("struct inflate_state.total_out", (long) IsalNatives.IS_TOTAL_OUT);
        m.put("struct inflate_state.next_in", (long) IsalNatives.IS_NEXT_IN);
        m.put("struct inflate_state.avail_in", (long) IsalNatives.IS_AVAIL_IN);
        m.put("ISAL_DEF_LVL1_DEFAULT", (long) IsalNatives.LEVEL_BUF_SIZE[1]);
        m.put("ISAL_DEF_LVL2_DEFAULT", (long) IsalNatives.LEVEL_BUF_SIZE[2]);
        m.put("ISAL_DEF_LVL3_DEFAULT", (long) IsalNatives.LEVEL_BUF_SIZE[3]);
        m.put("IGZIP_ZLIB", (long) IsalNatives.IGZIP_ZLIB);
        m.put("NO_FLUSH", (long) IsalNatives.NO_FLUSH);
        m.put("ISAL_DEF_MAX_HIST_BITS", (long) IsalNatives.ISAL_DEF_MAX_HIST_BITS);
        m.put("COMP_OK", (long) IsalNatives.COMP_OK);
        m.put("STATELESS_OVERFLOW", (long) IsalNatives.STATELESS_OVERFLOW);
        m.put("ISAL_DECOMP_OK", (long) IsalNatives.ISAL_DECOMP_OK);
        m.put("ISAL_END_INPUT", (long) IsalNatives.ISAL_END_INPUT);
        m.put("ISAL_OUT_OVERFLOW", (long) IsalNatives.ISAL_OUT_OVERFLOW);
        m.put("ISAL_NEED_DICT", (long) IsalNatives.ISAL_NEED_DICT);
        m.put("LIBDEFLATE_SUCCESS", (long) LibdeflateNatives.LIBDEFLATE_SUCCESS);
        m.put("LIBDEFLATE_BAD_DATA", (long) LibdeflateNatives.LIBDEFLATE_BAD_DATA);
        m.put("LIBDEFLATE_SHORT_OUTPUT", (long) LibdeflateNatives.LIBDEFLATE_SHORT_OUTPUT);
        m.put("LIBDEFLATE_INSUFFICIENT_SPACE", (long) LibdeflateNatives.LIBDEFLATE_INSUFFICIENT_SPACE);
        return m;
    }

    /**
     * "signature.NAME" = 1 for every native method the bindings declare: abi_facts.c prints 1
     * where the header's prototype is the one the binding assumes, and a binding added without
     * its prototype there is reported as missing from the header.
     */
    static Map<String, Long> signatures(Class<?>... natives) {
        Map<String, Long> m = new TreeMap<>();
        for (Class<?> c : natives) {
            for (Method method : c.getDeclaredMethods()) {
                if (Modifier.isNative(method.getModifiers())) {
                    m.put("signature." + method.getName(), 1L);
                }
            }
        }
        return m;
    }

    static Map<String, Long> withSignatures(Map<String, Long> facts, Class<?>... natives) {
        Map<String, Long> m = new LinkedHashMap<>(facts);
        m.putAll(signatures(natives));
        return m;
    }

    // ---- the checks

    /**
     * QATzip has no version call the engine could refuse by (qzGetSoftwareComponentVersionList
     * answers QZ_FAIL): it takes any release with API 2.5 or newer, whose layout and prototypes
     * are those below. Checked here for every release whose headers are at hand; qatlib is
     * reached only through QATzip, so the bindings use none of its headers.
     */
    private void assertQatzipLayout(String release, Path include) throws Exception {
        Map<String, Long> facts = facts("gcc", false, "-DWITH_SIGNATURES", "-DWITH_QATZIP=<qatzip.h>", "-I" + include);
        assertTrue(facts.get("QATZIP_API_VERSION") >= QatzipNatives.API_VERSION, release + ": " + facts);
        Map<String, Long> expected = withSignatures(qatzipExpected(), QatzipNatives.class);
        expected.remove("QATZIP_API_VERSION"); // 2.5 in 1.3.x, 2.6 in 2.0.0: the engine needs at least 2.5
        assertSame(release, expected, facts);
    }

    @Test
    void qatzipReleasesTheEngineTakes() throws Exception {
        assumeTrue(VendorLibraries.present(), VendorLibraries.NOT_RUN);
        List<String> checked = new ArrayList<>();
        for (String version : VendorLibraries.headerVersions("qatzip")) {
            Path include = VendorLibraries.headers("qatzip", version);
            Map<String, Long> facts = facts("gcc", false, "-DWITH_QATZIP=<qatzip.h>", "-I" + include);
            if (facts.get("QATZIP_API_VERSION") >= QatzipNatives.API_VERSION) {
                assertQatzipLayout("QATzip " + version, include);
                checked.add(version);
            } else {
                // Before API 2.5 there is no Ext struct and no zlib_format: the engine cannot ask
                // for zlib streams, and binding fails on the missing qzSetupSessionDeflateExt.
                assertFalse(facts.containsKey("QzSessionParamsDeflateExt_T.sizeof"), "QATzip " + version);
            }
        }
        assertEquals(Arrays.asList("1.3.0", "1.3.1"), checked, "the QATzip releases whose layout the engine was checked against");
    }

    /** libqatzip-dev as Debian 13 (QATzip 1.3.1, qatlib 24.02) and sid (2.0.0, qatlib 26.08) ship it. */
    @Test
    void qatzipAsDebianShipsIt() throws Exception {
        assumeTrue(DebianLibraries.present(), DebianLibraries.NOT_RUN);
        for (String build : Arrays.asList(DebianLibraries.QATZIP_DEBIAN13, DebianLibraries.QATZIP_SID)) {
            assertQatzipLayout("QATzip " + DebianLibraries.version(build) + " (Debian's " + build + ")",
                    DebianLibraries.include(build));
        }
        assertEquals("1.3.1 2.0.0", DebianLibraries.version(DebianLibraries.QATZIP_DEBIAN13) + " "
                + DebianLibraries.version(DebianLibraries.QATZIP_SID), "the QATzip releases Debian 13 and sid ship");
    }

    /**
     * QPL 1.4, 1.5 and 1.6 from Intel's headers, 1.9 from Debian sid's libqpl-dev: the engine
     * takes exactly the minor versions whose headers were checked here, and refuses any other by
     * its version (qpl_get_library_version).
     */
    @Test
    void qplReleasesTheEngineTakes() throws Exception {
        assumeTrue(VendorLibraries.present(), VendorLibraries.NOT_RUN);
        assumeTrue(DebianLibraries.present(), DebianLibraries.NOT_RUN);
        Map<String, Path> releases = new TreeMap<>();
        for (String version : VendorLibraries.headerVersions("qpl")) {
            releases.put(version, VendorLibraries.headers("qpl", version));
        }
        releases.put(DebianLibraries.version(DebianLibraries.QPL_SID), DebianLibraries.include(DebianLibraries.QPL_SID));
        Map<String, Long> expected = withSignatures(qplExpected(), QplNatives.class);
        expected.put("qpl_status.sizeof", 4L); // passed and returned as a Java int
        expected.put("qpl_path_t.sizeof", 4L);
        List<String> minors = new ArrayList<>();
        StringBuilder differences = new StringBuilder(); // every release's, not only the first's
        for (Map.Entry<String, Path> release : releases.entrySet()) {
            differences.append(differences("QPL " + release.getKey(), expected, facts("gcc", false, "-DWITH_SIGNATURES",
                    "-DWITH_QPL=<qpl/qpl.h>", "-I" + release.getValue())));
            minors.add(release.getKey().substring(0, release.getKey().lastIndexOf('.')));
        }
        assertEquals("", differences.toString());
        assertEquals(Arrays.asList("1.4", "1.5", "1.6", "1.9"), minors);
        assertEquals(minors, Arrays.asList(QplNatives.SUPPORTED_VERSIONS));
    }

    @Test
    void emulatorHeadersMatchTheJavaBindings() throws Exception {
        Map<String, Long> emulator = facts("gcc", false, "-DWITH_QATZIP=\"qatzip_emulator_abi.h\"",
                "-DWITH_QPL=\"qpl_emulator_abi.h\"", "-I" + EMULATOR_HEADERS);
        Map<String, Long> expected = new LinkedHashMap<>(qatzipExpected());
        expected.putAll(qplExpected());
        assertSame("the emulators' clean-room headers (against the Java bindings, not Intel's headers)", expected, emulator);
    }

    private static Map<String, Long> isalAndLibdeflateWithSignatures() {
        Map<String, Long> expected = withSignatures(isalAndLibdeflateExpected(), IsalNatives.class, LibdeflateNatives.class);
        expected.put("enum libdeflate_result.sizeof", 4L); // returned as a Java int
        return expected;
    }

    /** Debian 12's libisal-dev (ISA-L 2.30) and libdeflate-dev (1.14), installed on this machine. */
    @Test
    void isalAndLibdeflateOnX8664() throws Exception {
        Map<String, Long> facts = facts("gcc", false, "-DWITH_SIGNATURES", "-DWITH_ISAL", "-DWITH_LIBDEFLATE",
                "-I" + ISAL_HEADERS);
        assertSame("ISA-L and libdeflate, x86-64", isalAndLibdeflateWithSignatures(), facts);
        assertStreamsFit(facts);
    }

    /** ISA-L 2.31.1 with libdeflate 1.23 (Debian 13), and with libdeflate 1.25 (sid). */
    @Test
    void isalAndLibdeflateAsDebian13AndSidShipThem() throws Exception {
        assumeTrue(DebianLibraries.present(), DebianLibraries.NOT_RUN);
        List<String> checked = new ArrayList<>();
        for (String[] suite : new String[][] {{DebianLibraries.ISAL_DEBIAN13, DebianLibraries.LIBDEFLATE_DEBIAN13},
                                              {DebianLibraries.ISAL_SID, DebianLibraries.LIBDEFLATE_SID}}) {
            String release = "ISA-L " + DebianLibraries.version(suite[0]) + " and libdeflate " + DebianLibraries.version(suite[1]);
            Map<String, Long> facts = facts("gcc", false, "-DWITH_SIGNATURES", "-DWITH_ISAL", "-DWITH_LIBDEFLATE",
                    "-I" + DebianLibraries.include(suite[0]).resolve("isa-l"), "-I" + DebianLibraries.include(suite[1]));
            assertSame(release, isalAndLibdeflateWithSignatures(), facts);
            assertStreamsFit(facts);
            checked.add(release);
        }
        assertEquals(Arrays.asList("ISA-L 2.31.1 and libdeflate 1.23", "ISA-L 2.31.1 and libdeflate 1.25"), checked);
    }

    /** The igzip binding on aarch64: the same header, compiled by the cross compiler, run under qemu. */
    @Test
    void isalAndLibdeflateOnAarch64() throws Exception {
        // libdeflate.h alone: /usr/include as a whole holds x86-64 system headers.
        Path include = Files.createDirectories(work.resolve("include"));
        Files.copy(LIBDEFLATE_HEADER, include.resolve("libdeflate.h"));
        Map<String, Long> facts = facts("aarch64-linux-gnu-gcc", true, "-DWITH_SIGNATURES", "-DWITH_ISAL",
                "-DWITH_LIBDEFLATE", "-I" + ISAL_HEADERS, "-I" + include);
        assertEquals(8L, facts.get("arch.pointer_bytes"));
        assertSame("ISA-L and libdeflate, aarch64", isalAndLibdeflateWithSignatures(), facts);
        assertStreamsFit(facts);
    }

    /** The library writes whole structs into what we allocate. */
    private static void assertStreamsFit(Map<String, Long> facts) {
        assertTrue(facts.get("struct isal_zstream.sizeof") <= IsalNatives.STREAM_ALLOCATION, facts.toString());
        assertTrue(facts.get("struct inflate_state.sizeof") <= IsalNatives.STREAM_ALLOCATION, facts.toString());
    }

    private static void assertSame(String headerSet, Map<String, Long> expected, Map<String, Long> facts) {
        String differences = differences(headerSet, expected, facts);
        assertTrue(differences.isEmpty(), differences);
    }

    /** Every fact of {@code headerSet} that differs from the bindings, one line each; empty if none. */
    private static String differences(String headerSet, Map<String, Long> expected, Map<String, Long> facts) {
        List<String> differences = new ArrayList<>();
        expected.forEach((name, javaValue) -> {
            Long c = facts.get(name);
            if (c == null) {
                differences.add(name + ": not in the header, Java uses " + javaValue);
            } else if (!c.equals(javaValue)) {
                differences.add(name + ": header " + c + ", Java " + javaValue);
            }
        });
        return differences.isEmpty() ? "" : headerSet + " differs from the bindings:\n  " + String.join("\n  ", differences) + "\n";
    }

    /** Compiles abi_facts.c with {@code compiler} and the flags, runs it (under qemu for aarch64), parses its lines. */
    private Map<String, Long> facts(String compiler, boolean aarch64, String... flags) throws IOException, InterruptedException {
        Path exe = Files.createTempFile(work, "abi_facts", "");
        List<String> cmd = new ArrayList<>(Arrays.asList(compiler, "-Wall", "-Werror", "-o", exe.toString()));
        if (aarch64) {
            cmd.add("-static");
        }
        cmd.addAll(Arrays.asList(flags));
        cmd.add(FACTS_SOURCE.toString());
        run(cmd);
        List<String> runCmd = aarch64 ? Arrays.asList("qemu-aarch64-static", exe.toString()) : Arrays.asList(exe.toString());
        Map<String, Long> facts = new TreeMap<>();
        for (String line : run(runCmd).split("\n")) {
            int space = line.lastIndexOf(' ');
            facts.put(line.substring(0, space), Long.parseLong(line.substring(space + 1)));
        }
        return facts;
    }

    private static String run(List<String> cmd) throws IOException, InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new IOException(e.getMessage() + ": the ABI checks need gcc, libisal-dev, libdeflate-dev,"
                    + " gcc-aarch64-linux-gnu, libc6-dev-arm64-cross and qemu-user-static (.ci/run installs them)", e);
        }
        byte[] out = readAllBytes(p.getInputStream());
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "timed out: " + cmd);
        String text = new String(out, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), String.join(" ", cmd) + " failed:\n" + text);
        return text;
    }
}
