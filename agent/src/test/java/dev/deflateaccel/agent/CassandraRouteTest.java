package dev.deflateaccel.agent;

import static dev.deflateaccel.bridge.Backports.utf8;
import static dev.deflateaccel.bridge.Backports.utf8PrintStream;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.util.Collections;

import dev.deflateaccel.agent.api.CurrentRoute;
import dev.deflateaccel.bridge.AccelLog;
import dev.deflateaccel.bridge.DeflateBridge;
import dev.deflateaccel.bridge.config.ConfigFile;
import dev.deflateaccel.bridge.engine.FallbackReason;
import dev.deflateaccel.bridge.stats.Direction;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;


/** What Byte Buddy's exception handler (CurrentRoute, then CassandraRoute) does with a Throwable our advice threw. */
class CassandraRouteTest {
    private final ByteArrayOutputStream logged = new ByteArrayOutputStream();
    private DeflateBridge bridge;

    @BeforeEach
    void install() {
        AccelLog log = AccelLog.to(utf8PrintStream(logged), AccelLog.ERROR);
        bridge = DeflateBridge.create(ConfigFile.parse(Collections.emptyList(), "test.conf"), log);
        CassandraRoute.install(bridge);
    }

    @AfterEach
    void uninstall() {
        CassandraRoute.uninstall();
        bridge.close();
    }

    @Test
    void anExceptionOfOursIsCountedAndLoggedOnceThenSwallowed() {
        CurrentRoute.compressAdviceThrew(new IllegalStateException("bug 1"));
        CurrentRoute.compressAdviceThrew(new IllegalStateException("bug 2"));
        CurrentRoute.decompressAdviceThrew(new NullPointerException());
        assertEquals(2, bridge.statistics().of(CassandraRoute.CASSANDRA, Direction.COMPRESS)
                .fallbacks(FallbackReason.UNEXPECTED_EXCEPTION));
        assertEquals(1, bridge.statistics().of(CassandraRoute.CASSANDRA, Direction.DECOMPRESS)
                .fallbacks(FallbackReason.UNEXPECTED_EXCEPTION));
        String log = utf8(logged);
        assertEquals(1, log.split("advice threw", -1).length - 1, log);
    }

    /** InternalError is what a fault in a file mapping raises; stock raises it too, so it must reach Cassandra. */
    @Test
    void aVirtualMachineErrorPropagatesAndIsNotCounted() {
        InternalError fault = new InternalError("a fault occurred in an unsafe memory access operation");
        assertSame(fault, assertThrows(InternalError.class, () -> CurrentRoute.decompressAdviceThrew(fault)));
        assertEquals(0, bridge.statistics().of(CassandraRoute.CASSANDRA, Direction.DECOMPRESS)
                .fallbacks(FallbackReason.UNEXPECTED_EXCEPTION));
    }
}
