package dev.deflateaccel.lab.node;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.deflateaccel.harness.PerfProfile;

/** One codec-share run (issue 43 item 4): per window, the codec's share as the agent and perf saw it, and advise's. */
final class CodecShareResult extends RunResult {

    /** The windows in run order: the side-by-side's mixed load, then reads only. */
    static final List<String> WINDOWS = List.of("mixed", "reads");

    /** JNA's dispatch library: libjnidispatch.so, or the copy JNA unpacks as jna<digits>.tmp. */
    static final String[] JNA = {"libjnidispatch", "jna"};

    /** The shared objects that run the configuration's compression: an engine's calls go through JNA. */
    private static final Map<String, String[]> LIBRARIES = Map.of("cassandra", new String[] {"libz.so"},
            "libdeflate", new String[] {"libdeflate.so", JNA[0], JNA[1]},
            "igzip", new String[] {"libisal.so", JNA[0], JNA[1]});

    /** One window's figures, percent of the node's CPU. */
    static final class Window {
        /** The agent's CpuNanos (every engine and direction) over the node's CPU in the window. */
        double agentShare;
        /** perf's percent of the node's samples by shared object; empty where perf gave nothing. */
        Map<String, Double> perf = new LinkedHashMap<>();
        String perfProblem;
        double opsPerSecond;
        /** The node's CPU seconds per request: the predictions are in stock's CPU for the same work. */
        double cpuSecondsPerOp;
        /** By direction (compress, decompress): the agent's share, and CPU per call (per GB is unknown for stock). */
        final double[] directionShare = new double[2];
        final double[] cpuMicrosPerCall = new double[2];
        /** By direction, the codec's calls per request: a window that held more compaction makes more per request. */
        final double[] callsPerRequest = new double[2];
        /** Compaction.PendingTasks at the window's start and end (-1: unread): the backlog it took over and left. */
        double pendingAtStart;
        double pendingAtEnd;
        /** advise --node-cpu's share ("compression is X%"), NaN when not run; its predicted share per row. */
        double adviseShare = Double.NaN;
        final Map<String, Double> predicted = new LinkedHashMap<>();
        String adviseLine = "";
        /** {@link InflateProbe}'s CPU us per chunk just before and just after the window: how fast the machine was. */
        double probeBefore = Double.NaN;
        double probeAfter = Double.NaN;

        /** Milliseconds per second in which the machine's CPUs ran nothing (VcpuStalls), summed over the CPUs. */
        double vcpuStallMsPerSecond = Double.NaN;

        /** The probe's mean over the window's two readings. */
        double probe() {
            return (probeBefore + probeAfter) / 2;
        }

        /** perf's share of these objects; NaN (left out of the medians) where perf gave nothing. */
        double perf(String... prefixes) {
            return perf.isEmpty() ? Double.NaN : PerfProfile.share(perf, prefixes);
        }

        /** The saving, in points of this (stock) window's CPU, if each direction's call cost {@code engine}'s. */
        double savingAtCpuPerCallOf(Window engine) {
            double saving = 0;
            for (int d = 0; d < 2; d++) {
                saving += directionShare[d] == 0 ? 0
                        : directionShare[d] * (1 - engine.cpuMicrosPerCall[d] / cpuMicrosPerCall[d]);
            }
            return saving;
        }
    }

    final String engine;
    final Map<String, Window> windows = new LinkedHashMap<>();

    CodecShareResult(String engine) {
        this.engine = engine;
        WINDOWS.forEach(w -> windows.put(w, new Window()));
    }

    /** perf's share of the libraries that do this configuration's compression in {@code window}. */
    double perfCodec(String window) {
        return windows.get(window).perf(LIBRARIES.get(engine));
    }
}
