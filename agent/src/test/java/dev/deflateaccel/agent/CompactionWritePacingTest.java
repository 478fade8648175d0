package dev.deflateaccel.agent;

import static dev.deflateaccel.bridge.Backports.utf8PrintStream;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.lang.instrument.Instrumentation;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import dev.deflateaccel.bridge.AccelLog;
import dev.deflateaccel.bridge.config.ConfigFile;
import dev.deflateaccel.bridge.files.Writeback;
import dev.deflateaccel.bridge.files.WritebackPacer;
import net.bytebuddy.agent.ByteBuddyAgent;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.pool.TypePool;

/**
 * Pacing on the real {@code SequentialWriter} of each Cassandra line, woven in this JVM as on a
 * node: a compaction thread's Data.db is written back every interval, with Cassandra's own file
 * descriptor, and keeps the bytes written; a flush thread's file and another component are left
 * alone; detach gives the class back.
 */
class CompactionWritePacingTest {
    private static final Instrumentation INST = ByteBuddyAgent.install();
    private static final int MIB = 1 << 20;

    @TempDir
    Path tmp;
    private final ByteArrayOutputStream logged = new ByteArrayOutputStream();
    private CompactionWritePacing pacing;

    static Stream<String> versions() {
        return CassandraJars.versions().stream();
    }

    @AfterEach
    void detach() {
        if (pacing != null) {
            pacing.detach();
        }
    }

    @ParameterizedTest(name = "cassandra-all {0}")
    @MethodSource("versions")
    void everyLineHasTheShapeTheAdviceReads(String version) throws Exception {
        try (URLClassLoader loader = CassandraJars.loader(version)) {
            TypeDescription type = TypePool.Default.of(ClassFileLocator.ForClassLoader.of(loader))
                    .describe(SequentialWriterInstrumentation.TARGET).resolve();
            assertNull(SequentialWriterInstrumentation.missingFrom(type));
        }
    }

    /** A class without the method or fields the advice reads is left stock, and the log line says which part is missing. */
    @org.junit.jupiter.api.Test
    void anUnknownShapeIsNamed() {
        assertEquals("void doFlush(int)", SequentialWriterInstrumentation.missingFrom(TypeDescription.ForLoadedType.of(Object.class)));
    }

    @ParameterizedTest(name = "cassandra-all {0}")
    @MethodSource("versions")
    void aCompactionThreadsDataFileIsWrittenBackEveryIntervalAndKeepsItsBytes(String version) throws Exception {
        // Cassandra's NativeLibrary.getfd needs a configured node (the node tests use it): here the
        // descriptor comes from /proc/self/fd, by the writer's file.
        pacing = new CompactionWritePacing(INST, new WritebackPacer(Writeback.Libc.INSTANCE), CompactionWritePacingTest::fdFromProc);
        pacing.apply(ConfigFile.parse(Arrays.asList("compaction_writeback_mib = 1"), "test.conf"),
                AccelLog.to(utf8PrintStream(logged), AccelLog.INFO));
        WritebackPacer pacer = pacing.pacer();
        try (URLClassLoader loader = CassandraJars.loader(version)) {
            Path data = tmp.resolve("nb-1-big-Data.db");
            byte[] bytes = writeOn("CompactionExecutor:1", loader, data, 5 * MIB + 1000);
            assertArrayEquals(bytes, Files.readAllBytes(data));
            String log = new String(logged.toByteArray(), StandardCharsets.UTF_8);
            assertEquals(0, pacer.failures(), log);
            // Paced from the first flushed buffer on (the writer is first seen there): 4 whole MiB
            // of the 5 after it, the rest left to the writer's own sync.
            long calls = pacer.writebackCalls();
            assertEquals(4, calls, log);
            assertEquals(4L * MIB, pacer.bytesWrittenBack(), pacer.describe());

            writeOn("PerDiskMemtableFlushWriter_0:1", loader, tmp.resolve("nb-2-big-Data.db"), 3 * MIB);
            writeOn("CompactionExecutor:1", loader, tmp.resolve("nb-1-big-Index.db"), 3 * MIB);
            assertEquals(calls, pacer.writebackCalls(), "a flush and an index file are not paced");
        }
        assertTrue(pacing.detach().contains("SequentialWriter is Cassandra's own bytecode again"));
        pacing = null;
    }

    /** A SequentialWriter of {@code loader}'s Cassandra writes {@code size} bytes to {@code file} on a thread named {@code thread}, then finishes. */
    private static byte[] writeOn(String thread, ClassLoader loader, Path file, int size) throws Exception {
        byte[] bytes = new byte[size];
        new Random(size).nextBytes(bytes);
        AtomicReference<Throwable> failed = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                Object writer = newWriter(loader, file);
                Method write = writer.getClass().getMethod("write", byte[].class, int.class, int.class);
                for (int at = 0; at < size; at += 7000) {
                    write.invoke(writer, bytes, at, Math.min(7000, size - at));
                }
                // flush, not finish: finish syncs through Cassandra's SyncUtil, whose static
                // initialiser wants a configured node; the pacing happens in the flushes.
                writer.getClass().getMethod("flush").invoke(writer);
            } catch (Throwable e) {
                failed.set(e);
            }
        }, thread);
        t.start();
        t.join();
        if (failed.get() != null) {
            throw new AssertionError("writing " + file + " failed", failed.get());
        }
        return bytes;
    }

    /** The descriptor this process has open on the writer's file, {@code path}, from /proc/self/fd. */
    private static int fdFromProc(Object writer, java.nio.channels.FileChannel channel, String path) {
        try (java.nio.file.DirectoryStream<Path> fds = Files.newDirectoryStream(java.nio.file.Paths.get("/proc/self/fd"))) {
            for (Path fd : fds) {
                try {
                    if (Files.readSymbolicLink(fd).toString().equals(path)) {
                        return Integer.parseInt(fd.getFileName().toString());
                    }
                } catch (java.io.IOException gone) {
                    // the directory stream's own descriptor
                }
            }
        } catch (java.io.IOException e) {
            return -1;
        }
        return -1;
    }

    /**
     * 4.0 takes a java.io.File; 4.1 and later their own io.util.File. The file exists already:
     * for a new one Cassandra also syncs the directory, through SyncUtil (see above).
     */
    private static Object newWriter(ClassLoader loader, Path file) throws Exception {
        Files.write(file, new byte[0]);
        Class<?> writerClass = Class.forName(SequentialWriterInstrumentation.TARGET, true, loader);
        for (Constructor<?> c : writerClass.getConstructors()) {
            if (c.getParameterCount() != 1) {
                continue;
            }
            Class<?> p = c.getParameterTypes()[0];
            if (p == java.io.File.class) {
                return c.newInstance(file.toFile());
            }
            if (p.getName().equals("org.apache.cassandra.io.util.File")) {
                return c.newInstance(p.getConstructor(String.class).newInstance(file.toString()));
            }
        }
        throw new AssertionError("no one-file constructor on " + writerClass);
    }
}
