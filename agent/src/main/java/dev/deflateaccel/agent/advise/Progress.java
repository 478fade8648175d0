package dev.deflateaccel.agent.advise;

import java.io.PrintStream;

/** Progress lines for long runs, on stderr so that stdout (text or --json) stays the answer. */
final class Progress {
    private final PrintStream err;
    private final long start = System.nanoTime();

    Progress(PrintStream err) {
        this.err = err;
    }

    void line(String what) {
        err.printf("advise [%5.1f s] %s%n", (System.nanoTime() - start) / 1e9, what);
        err.flush();
    }
}
