package dev.deflateaccel.agent;

import java.lang.instrument.Instrumentation;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;

import dev.deflateaccel.bridge.DeflateBridge;
import dev.deflateaccel.bridge.TestData;
import dev.deflateaccel.bridge.engine.DeflateEngine;
import dev.deflateaccel.bridge.engine.DeviceEmulators;
import dev.deflateaccel.bridge.stats.Direction;
import net.bytebuddy.agent.ByteBuddyAgent;

/**
 * Runs in a JVM of its own (LiveAgentTest): the agent attached with QAT (on the device emulator)
 * ahead of libdeflate while the emulated device is absent, then the device appears under the
 * running agent. An explicit reload of the unchanged file must probe QAT again and route to it;
 * a reload with nothing unavailable must change nothing; and a reload after an edit must probe
 * again what failed too. Prints {@link #OK}, or throws.
 */
public final class ReloadProbeMain {
    static final String OK = "RELOADS PROBE AGAIN: OK";

    private ReloadProbeMain() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Paths.get(args[0]);
        Instrumentation inst = ByteBuddyAgent.install();
        DeviceEmulators.Qat.configure("device=0");
        Path conf = write(dir, qatThenLibdeflate(dir, 1));
        DeflateAccelAgent.agentmain("config=" + conf, inst);
        expect(System.getProperty(LiveAgent.RESULT_PROPERTY).startsWith("ATTACHED"), System.getProperty(LiveAgent.RESULT_PROPERTY));
        LiveAgent agent = LiveAgent.current();
        expect(!qatAvailable(), agent.getEngines());

        // Still no device: the reload says so and keeps the generation.
        String outcome = agent.reloadConfig();
        expect(outcome.contains("probed qat again: still unavailable"), outcome);
        expect(agent.getGeneration() == 1, outcome);

        // The device appears; nothing tells the agent but the operator's reload.
        DeviceEmulators.Qat.changeUnderTheProcess("device=1");
        outcome = agent.reloadConfig();
        expect(outcome.startsWith("reloaded") && outcome.contains("probed qat again"), outcome);
        expect(agent.getGeneration() == 2, outcome);
        expect(qatAvailable(), agent.getEngines());
        expect(qatCompresses(), "qat served no call after the reload");

        // Nothing unavailable: an unchanged file changes nothing.
        outcome = agent.reloadConfig();
        expect(outcome.contains("unchanged") && !outcome.contains("probed"), outcome);
        expect(agent.getGeneration() == 2, outcome);

        // The same through edits of the file: one while there is no device, one after it appeared.
        DeviceEmulators.Qat.configure("device=0");
        write(dir, qatThenLibdeflate(dir, 2));
        awaitGeneration(agent, 3);
        expect(!qatAvailable(), agent.getEngines());
        DeviceEmulators.Qat.changeUnderTheProcess("device=1");
        write(dir, qatThenLibdeflate(dir, 3));
        awaitGeneration(agent, 4);
        expect(qatAvailable(), agent.getEngines());
        expect(qatCompresses(), "qat served no call after the edit");

        agent.detach();
        System.out.println(OK);
    }

    private static String[] qatThenLibdeflate(Path dir, int qatLevel) {
        return new String[] {"use_qat_compress = 1", "use_qat_uncompress = 1", "qat_library = " + DeviceEmulators.qatLibrary(),
            "qat_compression_level = " + qatLevel, "use_libdeflate_compress = 1", "use_libdeflate_uncompress = 1",
            "use_zlib_compress = 0", "use_zlib_uncompress = 0", "log_file = " + dir.resolve("agent.log")};
    }

    private static Path write(Path dir, String... lines) throws Exception {
        Path p = dir.resolve("zlib-accel.conf");
        Path tmp = dir.resolve("zlib-accel.conf.tmp");
        Files.write(tmp, Arrays.asList(lines), StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-------"));
        Files.move(tmp, p, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return p;
    }

    private static boolean qatAvailable() {
        for (DeflateEngine e : CassandraRoute.bridge().engines()) {
            if (e.name().equals("qat")) {
                return e.status().isAvailable();
            }
        }
        throw new AssertionError("qat is not among the engines: " + CassandraRoute.bridge().engines());
    }

    /** Compresses a 16 KiB chunk through the route the agent installed; whether QAT served it. */
    private static boolean qatCompresses() {
        DeflateBridge b = CassandraRoute.bridge();
        long before = b.statistics().of("qat", Direction.COMPRESS).getOperations();
        byte[] chunk = TestData.cassandraLikeRows(16 * 1024, 3);
        byte[] out = new byte[TestData.bound(chunk.length)];
        int n = b.tryCompress(chunk, 0, chunk.length, out, 0, out.length);
        expect(n > 0, "compress failed: " + n);
        expect(Arrays.equals(chunk, TestData.zlibDecompress(Arrays.copyOf(out, n), chunk.length)), "not read back");
        return b.statistics().of("qat", Direction.COMPRESS).getOperations() > before;
    }

    private static void awaitGeneration(LiveAgent agent, long generation) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (agent.getGeneration() < generation && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        expect(agent.getGeneration() == generation, "generation " + agent.getGeneration() + ", not " + generation
                + "; last error: " + agent.getLastReloadError());
    }

    private static void expect(boolean condition, String what) {
        if (!condition) {
            throw new AssertionError(what);
        }
    }
}
