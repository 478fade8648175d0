package dev.deflateaccel.agent.advise;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What the advisor could not use, one message per file or chunk, and the SSTables that went away
 * while it read them (a compaction replaced them: normal beside a running node, so counted, not
 * an error).
 */
final class InputProblems {
    /** Checksum mismatches past this many are counted but not listed one by one. */
    static final int LISTED_MISMATCHES = 10;

    private final List<String> messages = new ArrayList<>();
    private final List<String> vanished = new ArrayList<>();
    private int checksumMismatches;

    synchronized void add(String message) {
        messages.add(message);
    }

    synchronized void vanished(String file) {
        vanished.add(file);
    }

    synchronized void checksumMismatch(String message) {
        checksumMismatches++;
        if (checksumMismatches <= LISTED_MISMATCHES) {
            messages.add(message);
        } else if (checksumMismatches == LISTED_MISMATCHES + 1) {
            messages.add("more checksum mismatches: counted, not listed");
        }
    }

    /** Mismatches summed up in one line of their own (a foreign Data.db): counted, not listed. */
    synchronized void countChecksumMismatches(int n) {
        checksumMismatches += n;
    }

    synchronized List<String> messages() {
        return Collections.unmodifiableList(new ArrayList<>(messages));
    }

    synchronized List<String> vanishedFiles() {
        return Collections.unmodifiableList(new ArrayList<>(vanished));
    }

    synchronized int checksumMismatches() {
        return checksumMismatches;
    }
}
