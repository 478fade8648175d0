package dev.deflateaccel.it.scenarios;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import dev.deflateaccel.harness.AgentConfig;
import dev.deflateaccel.harness.CassandraNode;
import dev.deflateaccel.harness.LogFile;
import dev.deflateaccel.harness.NodeSettings;

/**
 * Issue 9, messages: without {@code log_file} the agent's lines go to Cassandra's system.log
 * (through the node's own SLF4J), those from premain - before logback is configured - included,
 * and start-up does not change how Cassandra configures its logging: the main thread's first
 * lines of system.log and debug.log are the same as without the agent, and the process output
 * gains no SLF4J or logback complaint.
 */
@ExtendWith(SharedNodeExtension.class)
class AgentLoggingIT {

    static final int MAIN_LINES = 25;
    /** "INFO  [main] 2026-11-30 10:23:23,258 Config.java:1371 - ..." -> "INFO [main] Config.java:1371". */
    static final Pattern EVENT = Pattern.compile("^(\\w+)\\s+\\[([^\\]]+)\\] \\S+ \\S+ (\\S+) - .*");

    @Test
    void startupLogsLookTheSameAndTheAgentsLinesReachSystemLog(CassandraNode node) {
        Snapshot stock = start(node, NodeSettings.stock());
        Snapshot agent = start(node, NodeSettings.withAgent(AgentConfig.libdeflate().describedAs("libdeflate, no log_file")
                .with(AgentConfig.LOG_FILE, "").with(AgentConfig.LOG_LEVEL, "2")));

        assertEquals(stock.systemMain, agent.systemMain, "system.log's first main-thread lines differ with the agent");
        assertEquals(stock.debugMain, agent.debugMain, "debug.log's first main-thread lines differ with the agent");
        assertEquals(MAIN_LINES, agent.debugMain.size(), "debug.log must have its DEBUG lines as without the agent");
        assertEquals(stock.loggingComplaints, agent.loggingComplaints, "SLF4J/logback output on stdout differs");
        List<String> ours = agent.system.stream().filter(l -> l.contains("deflate-accel: ")).collect(Collectors.toList());
        assertTrue(ours.stream().anyMatch(l -> l.contains("deflate-accel: started: ") && l.contains("libdeflate")),
                "the premain lines must reach system.log once logging is ready:\n" + String.join("\n", ours));
        assertTrue(agent.stdout.stream().noneMatch(l -> l.contains("[deflate-accel]")),
                "without log_file nothing of the agent's should go to stdout in its own format: " + agent.stdout);
        System.out.println("[AgentLoggingIT] the agent's lines in system.log:\n" + String.join("\n", ours));
    }

    private static Snapshot start(CassandraNode node, NodeSettings settings) {
        node.stop();
        LogFile system = node.systemLog();
        LogFile debug = new LogFile(node.layout().logs().resolve("debug.log"));
        LogFile stdout = new LogFile(node.layout().processOutput());
        LogFile.Mark s = system.mark();
        LogFile.Mark d = debug.mark();
        LogFile.Mark o = stdout.mark();
        node.start(settings);
        return new Snapshot(system.linesSince(s), debug.linesSince(d), stdout.linesSince(o));
    }

    private static final class Snapshot {
        final List<String> system;
        final List<String> systemMain;
        final List<String> debugMain;
        final List<String> stdout;
        final List<String> loggingComplaints;

        Snapshot(List<String> system, List<String> debug, List<String> stdout) {
            this.system = system;
            this.systemMain = mainEvents(system);
            this.debugMain = mainEvents(debug);
            this.stdout = stdout;
            // logback's own status lines (it prints them because Cassandra's logback.xml has a
            // property it warns about), without times, object ids, durations and file lengths:
            // the sequence of configuration steps must be the same with the agent.
            this.loggingComplaints = stdout.stream().filter(l -> l.startsWith("SLF4J") || l.contains("ch.qos.logback"))
                    .filter(l -> !l.contains("currentFileLength"))
                    .map(l -> l.replaceFirst("^[0-9:,]+ ", "").replaceAll("@[0-9a-f]+", "@").replaceAll("[0-9]+", "N"))
                    .collect(Collectors.toList());
        }

        private static List<String> mainEvents(List<String> lines) {
            return lines.stream().map(EVENT::matcher).filter(Matcher::matches).filter(m -> m.group(2).equals("main"))
                    .map(m -> m.group(1) + " " + m.group(3)).limit(MAIN_LINES).collect(Collectors.toList());
        }
    }
}
