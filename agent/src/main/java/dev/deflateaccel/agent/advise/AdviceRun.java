package dev.deflateaccel.agent.advise;

import java.util.Collections;
import java.util.List;

/** Everything one run found, for the text and JSON writers. */
final class AdviceRun {
    /** What the numbers cannot know, said with every report. */
    static final List<String> UNKNOWNS = Collections.unmodifiableList(java.util.Arrays.asList(
            "these are this host's numbers, one thread of one core, on a sample of the chunks; the node's own"
                    + " hardware and load may differ",
            "the node's CPU outside the codec (reading and merging rows, serialization, I/O, the rest of the"
                    + " node's work) is not measured; it is the same whatever the codec, and it is usually most of"
                    + " a compaction's CPU",
            "reads served from the chunk cache or the page cache cost no decompression; how many of the node's"
                    + " reads are served so is not known here"));

    final String version;
    final SampleBounds bounds;
    final List<TableAdvice> tables;
    final NodeAdvice node;
    /** What was left out on purpose (system keyspaces, snapshots), one line each. */
    final List<String> leftOut;
    final InputProblems problems;
    final boolean cpuTime;
    final double seconds;
    /** --node-cpu: the node's codec CPU share and the share each engine would give; empty without it. */
    List<String> codecCpu = Collections.emptyList();
    /** --node-cpu: the shares read, and every Deflate row's predicted share (JSON only); null without it. */
    NodeCodecCpu codecCpuShares;
    List<SavingPrediction.Predicted> codecCpuPredictions = Collections.emptyList();

    AdviceRun(String version, SampleBounds bounds, List<TableAdvice> tables, NodeAdvice node, List<String> leftOut,
            InputProblems problems, boolean cpuTime, double seconds) {
        this.version = version;
        this.bounds = bounds;
        this.tables = Collections.unmodifiableList(tables);
        this.node = node;
        this.leftOut = Collections.unmodifiableList(leftOut);
        this.problems = problems;
        this.cpuTime = cpuTime;
        this.seconds = seconds;
    }

    boolean anythingSampled() {
        for (TableAdvice t : tables) {
            if (t.sampled()) {
                return true;
            }
        }
        return false;
    }

    static String host() {
        return System.getProperty("os.arch") + ", " + Runtime.getRuntime().availableProcessors() + " CPUs, Java "
                + System.getProperty("java.version");
    }
}
