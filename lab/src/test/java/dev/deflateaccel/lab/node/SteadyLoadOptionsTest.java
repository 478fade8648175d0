package dev.deflateaccel.lab.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

class SteadyLoadOptionsTest {

    @Test
    void ingestRunsTheWriteHeavySetOnLcsByDefault() {
        SteadyLoadOptions o = SteadyLoadOptions.parse(new String[] {"--ingest"});
        assertTrue(o.ingest);
        assertFalse(o.stcs);
        assertEquals(250_000, o.rows);
        assertEquals(3, o.repetitions);
        assertEquals(SteadyConfig.parse(SteadyConfig.INGEST_SET), o.configs);
        assertEquals(Duration.ofSeconds(30), o.mixed);
        assertEquals(1000, o.mixedRate, "one mixed rate for every configuration, so every run writes the same points");
    }

    @Test
    void quickIngestIsSmallAndGivenValuesWin() {
        SteadyLoadOptions o = SteadyLoadOptions.parse(new String[] {"--ingest", "--quick", "--configs", "stock,igzip3",
            "--stcs"});
        assertEquals(50_000, o.rows);
        assertEquals(1, o.repetitions);
        assertEquals(Duration.ofSeconds(10), o.mixed);
        assertEquals("igzip3", o.configs.get(1).name);
        assertTrue(o.stcs);
    }

    @Test
    void profilingIsOffUnlessAskedAndThenNamesAnAbsoluteFolder() {
        assertEquals(null, SteadyLoadOptions.parse(new String[] {"--ingest"}).jfrDir);
        SteadyLoadOptions o = SteadyLoadOptions.parse(new String[] {"--ingest", "--jfr", "profiles"});
        assertTrue(o.jfrDir.isAbsolute());
        assertEquals("profiles", o.jfrDir.getFileName().toString());
        assertThrows(IllegalArgumentException.class, () -> SteadyLoadOptions.parse(new String[] {"--jfr"}),
                "--jfr without a folder");
    }

    @Test
    void theSteadyLoadKeepsItsDefaults() {
        SteadyLoadOptions o = SteadyLoadOptions.parse(new String[0]);
        assertFalse(o.ingest);
        assertEquals(150_000, o.rows);
        assertEquals(SteadyConfig.parse(SteadyConfig.DEFAULT_SET), o.configs);
    }

    @Test
    void aBadValueNamesTheOptionTheValueAndTheRange() {
        assertEquals("--read-share 1.5: want a number from 0.0 to 1.0", assertThrows(IllegalArgumentException.class,
                () -> SteadyLoadOptions.parse(new String[] {"--read-share", "1.5"})).getMessage());
        assertEquals("--rows 500: want a whole number of at least 1000", assertThrows(IllegalArgumentException.class,
                () -> SteadyLoadOptions.parse(new String[] {"--ingest", "--rows", "500"})).getMessage());
        assertEquals("--rate fast: want a number of at least 1.0", assertThrows(IllegalArgumentException.class,
                () -> SteadyLoadOptions.parse(new String[] {"--rate", "fast"})).getMessage());
        assertEquals("--configs needs a value", assertThrows(IllegalArgumentException.class,
                () -> SteadyLoadOptions.parse(new String[] {"--configs"})).getMessage());
        assertEquals("--steps 8,0: want numbers in flight, each at least 1, e.g. 8,32,128",
                assertThrows(IllegalArgumentException.class,
                        () -> SteadyLoadOptions.parse(new String[] {"--saturation", "--steps", "8,0"})).getMessage());
    }

    @Test
    void compactionReadsSetsItsOwnDefaultsAndQuickShrinksThem() {
        SteadyLoadOptions o = SteadyLoadOptions.parse(new String[] {"--compaction-reads"});
        assertEquals(3_500_000, o.rows);
        assertEquals(500, o.rate);
        assertEquals(Duration.ofSeconds(30), o.measured);
        assertEquals(Duration.ofSeconds(15), o.warmUp);
        assertEquals(SteadyConfig.parse(SteadyConfig.READS_SET), o.configs);
        assertEquals(3, o.repetitions);
        assertEquals(64, o.throttleMib, "Cassandra's default compaction_throughput");
        assertEquals(4, SteadyLoadOptions.parse(new String[] {"--compaction-reads", "--throttle-mibs", "4"}).throttleMib);
        SteadyLoadOptions quick = SteadyLoadOptions.parse(new String[] {"--quick", "--compaction-reads", "--rate", "200"});
        assertEquals(300_000, quick.rows);
        assertEquals(200, quick.rate, "a given value wins over the mode's");
        assertEquals(Duration.ofSeconds(10), quick.measured);
        assertEquals(Duration.ofSeconds(5), quick.warmUp);
        assertEquals(SteadyConfig.parse("stock,igzip"), quick.configs);
        assertEquals(1, quick.repetitions);
    }

    @Test
    void quickAloneIsASmokeRunOfTheSteadyLoad() {
        SteadyLoadOptions o = SteadyLoadOptions.parse(new String[] {"--quick"});
        assertEquals(20_000, o.rows);
        assertEquals(Duration.ofSeconds(30), o.measured);
        assertEquals(Duration.ofSeconds(10), o.warmUp);
        assertEquals(1, o.repetitions);
        SteadyLoadOptions saturation = SteadyLoadOptions.parse(new String[] {"--saturation"});
        assertEquals(150_000, saturation.rows);
        assertEquals(Duration.ofSeconds(30), saturation.measured);
        assertEquals(Duration.ofSeconds(20), saturation.warmUp);
    }

    @Test
    void quickSaturationTakesTwoStepsUnlessGiven() {
        assertEquals(List.of(4, 16), SteadyLoadOptions.parse(new String[] {"--saturation", "--quick"}).steps);
        assertEquals(List.of(2, 8), SteadyLoadOptions.parse(new String[] {"--quick", "--steps", "2,8", "--saturation"}).steps);
    }

    @Test
    void directIoConfigurationsNeedTheCompactionReadsOnSixPointZero() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SteadyLoadOptions.parse(new String[] {"--compaction-reads", "--configs", "stock,igzip-direct"}));
        assertTrue(e.getMessage().contains("igzip-direct") && e.getMessage().contains("--cassandra 6.0"), e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> SteadyLoadOptions.parse(new String[] {"--configs", "stock-direct", "--cassandra", "6.0"}));
        assertEquals(List.of("stock", "igzip-direct"), SteadyLoadOptions.parse(new String[] {"--compaction-reads",
            "--cassandra", "6.0", "--configs", "stock,igzip-direct"}).configs.stream().map(c -> c.name).collect(
                java.util.stream.Collectors.toList()));
    }

    @Test
    void anUnknownCassandraLineOrATooSmallCgroupIsRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> SteadyLoadOptions.parse(new String[] {"--compaction-reads", "--cassandra", "3.11"}));
        // The lab starts nodes on its own JDK: 4.1 is offered on Java 8 and 11 only (JAVA_HOME).
        boolean java11 = Runtime.version().feature() <= 11;
        if (!java11) {
            assertThrows(IllegalArgumentException.class,
                    () -> SteadyLoadOptions.parse(new String[] {"--compaction-reads", "--cassandra", "4.1"}));
        } else {
            assertEquals("4.1", SteadyLoadOptions.parse(new String[] {"--compaction-reads", "--cassandra", "4.1"})
                    .line.version());
        }
        assertThrows(IllegalArgumentException.class,
                () -> SteadyLoadOptions.parse(new String[] {"--compaction-reads", "--cgroup-mib", "8"}));
    }

    @Test
    void aFixedWindowIsForCompactionReadsAndTheNiceVariantOnlyForTheAgent() {
        Exception e = assertThrows(IllegalArgumentException.class,
                () -> SteadyLoadOptions.parse(new String[] {"--window-seconds", "60"}));
        assertTrue(e.getMessage().contains("--window-seconds") && e.getMessage().contains("--compaction-reads"),
                e.getMessage());
        SteadyLoadOptions o = SteadyLoadOptions.parse(new String[] {"--compaction-reads", "--cassandra", "6.0",
            "--window-seconds", "60", "--configs", "cassandra-direct-nice,igzip-direct-nice"});
        assertEquals(60, o.windowSeconds);
        for (SteadyConfig c : o.configs) {
            assertTrue(c.agent.render().contains("compaction_thread_nice = 10"), c.agent.render());
            assertEquals("direct", c.yaml.get("background_write_disk_access_mode"));
            assertFalse(c.yaml.containsKey("agent:compaction_thread_nice"), "an agent key went into cassandra.yaml");
        }
        // Stock runs without the agent, so there is no stock-direct-nice: its counterpart is cassandra-direct-nice.
        assertThrows(IllegalArgumentException.class, () -> SteadyConfig.parse("stock-direct-nice"));
    }

    @Test
    void theCodecShareMixedLoadIsClosedLoopUnlessGivenARate() {
        assertEquals(0, SteadyLoadOptions.parse(new String[] {"--codec-share"}).mixedWindowRate);
        assertEquals(3000, SteadyLoadOptions.parse(new String[] {"--codec-share", "--mixed-window-rate", "3000"})
                .mixedWindowRate);
        assertEquals("--mixed-window-rate 0: want a number of at least 1.0", assertThrows(IllegalArgumentException.class,
                () -> SteadyLoadOptions.parse(new String[] {"--codec-share", "--mixed-window-rate", "0"})).getMessage());
        assertEquals("--mixed-window-rate is --codec-share's option: it needs --codec-share",
                assertThrows(IllegalArgumentException.class,
                        () -> SteadyLoadOptions.parse(new String[] {"--mixed-window-rate", "3000"})).getMessage());
    }
}
