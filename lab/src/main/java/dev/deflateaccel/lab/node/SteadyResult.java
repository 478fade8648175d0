package dev.deflateaccel.lab.node;

import java.util.LinkedHashMap;
import java.util.Map;

import dev.deflateaccel.harness.ThreadGroupCpu;

/** What one steady-load run on one fresh node measured. */
final class SteadyResult extends RunResult {

    double preloadRowsPerSecond;
    double preloadCpuMicrosPerRow;
    /** Completed requests per second in the measured window (the target is the fixed rate). */
    double achievedPerSecond;
    long lateSends;
    double readP50;
    double readP99;
    double writeP50;
    double writeP99;
    /** Node CPU (utime + stime) over the measured window / requests completed in it. */
    double cpuMicrosPerOp;
    /** The same split by thread group (ThreadGroupCpu.GROUPS), in report order. */
    final Map<String, Double> cpuMicrosPerOpByGroup = new LinkedHashMap<>();
    /** Flushes and compactions of the table during the measured window only. */
    ServerLogLines window = new ServerLogLines();
    /** ... and over the whole run, preload included: more compaction work, so a steadier throughput. */
    ServerLogLines whole = new ServerLogLines();
    long dataBytes;
}
