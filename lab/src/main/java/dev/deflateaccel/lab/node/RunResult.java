package dev.deflateaccel.lab.node;

/** What the rotation loop (RotatedRuns) needs of one node run's result, whatever the program measured. */
interface RunResult {

    /** No failed request, no wrong read, and the agent's engine served what the run required. */
    boolean clean();

    /** The run's main figures in one console line, printed when it ends. */
    String summary();
}
