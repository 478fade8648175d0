package dev.deflateaccel.lab.node;

/** What every node run reports beside its measurements, and what RotatedRuns needs of it. */
abstract class RunResult {

    /** Failed requests, and reads that did not return what was written. */
    long failures;
    long wrongReads;
    /** What the agent's engine did, and whether that is what the run required. */
    NodeEngineCheck engines = NodeEngineCheck.NONE;

    /**
     * No failed request, no wrong read, and the agent's engine served what the run required; a
     * result that counts failures per phase adds them.
     */
    boolean clean() {
        return failures == 0 && wrongReads == 0 && engines.ok;
    }
}
