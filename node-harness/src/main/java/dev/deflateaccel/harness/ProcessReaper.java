package dev.deflateaccel.harness;

import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Last line of defence against orphaned nodes: whatever node process is still alive when this
 * JVM exits (test failure, failsafe timeout, Ctrl-C on the side-by-side command) is killed.
 * Normal paths stop nodes themselves, gracefully.
 */
public final class ProcessReaper {

    private static final Set<Process> LIVE = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(ProcessReaper::killAll, "kill-cassandra-nodes"));
    }

    private ProcessReaper() {
    }

    /**
     * For the programs: on any exit (normal, exception, Ctrl-C) kill the nodes, then delete their
     * directories, so a run leaves nothing behind.
     */
    public static void removeNodesOnExit(Path nodesDir, String program) {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            killAll();
            Files2.deleteRecursively(nodesDir);
        }, program + "-cleanup"));
    }

    public static void register(Process process) {
        LIVE.add(process);
    }

    public static void forget(Process process) {
        LIVE.remove(process);
    }

    public static void killAll() {
        for (Process process : LIVE) {
            process.destroyForcibly();
        }
        for (Process process : LIVE) {
            try {
                process.waitFor();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        LIVE.clear();
    }
}
