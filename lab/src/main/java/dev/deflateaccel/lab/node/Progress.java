package dev.deflateaccel.lab.node;

import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * A progress line for the side-by-side command: rewritten in place once a second on a terminal,
 * one plain line every five seconds when the output goes to a file or a CI log.
 */
final class Progress implements AutoCloseable {

    private static final boolean TERMINAL = System.console() != null;

    private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread thread = new Thread(r, "progress");
        thread.setDaemon(true);
        return thread;
    });
    private final String label;
    private final Supplier<String> status;

    private Progress(String label, Supplier<String> status) {
        this.label = label;
        this.status = status;
        ticker.scheduleAtFixedRate(this::print, 1, TERMINAL ? 1 : 5, TimeUnit.SECONDS);
    }

    static Progress show(String label, Supplier<String> status) {
        return new Progress(label, status);
    }

    static void say(String format, Object... args) {
        System.out.println(String.format(Locale.ROOT, format, args));
    }

    private void print() {
        String line = "  " + label + ": " + status.get();
        if (TERMINAL) {
            System.out.print("\r" + line + "\033[K");
            System.out.flush();
        } else {
            System.out.println(line);
        }
    }

    @Override
    public void close() {
        ticker.shutdownNow();
        print();
        if (TERMINAL) {
            System.out.println();
        }
    }
}
