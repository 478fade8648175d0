package dev.deflateaccel.agent;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;

/**
 * Notices edits of the config file by polling, once a second, what a stat costs: the file the
 * path leads to (symlinks followed, so a Kubernetes ConfigMap whose {@code ..data} link is
 * swapped counts as an edit), its identity (device and inode), size and modification time. Any
 * change, a deletion included, calls {@code onChange}, which reads the file twice a second apart
 * and decides; what it saw is remembered, so a refused edit is not retried until the file
 * changes again. A watch service would miss a swapped symlink's target and is not cheaper.
 */
final class ConfigWatcher {
    static final long PERIOD_MILLIS = 1000;

    private final Path path;
    private final Runnable onChange;
    private volatile boolean running;
    private Thread thread;

    private final String initial;

    /**
     * {@code initial} is the file's fingerprint taken before the config in effect was read, so an
     * edit made between that read and this watcher's first poll is not missed.
     */
    ConfigWatcher(Path path, String initial, Runnable onChange) {
        this.path = path;
        this.initial = initial;
        this.onChange = onChange;
    }

    synchronized void start() {
        running = true;
        thread = new Thread(this::run, "deflate-accel-config-watcher");
        thread.setDaemon(true);
        thread.start();
    }

    synchronized void stop() {
        running = false;
        if (thread != null && thread != Thread.currentThread()) {
            thread.interrupt();
        }
    }

    private void run() {
        String seen = initial;
        while (running) {
            try {
                Thread.sleep(PERIOD_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
            String now = fingerprint(path);
            if (!Objects.equals(now, seen) && running) {
                // Remember what is there before reading it: a write that completes during the
                // reads changes the fingerprint again and is picked up on the next round.
                seen = now;
                try {
                    onChange.run();
                } catch (RuntimeException | LinkageError e) {
                    // The reload logs its own problems; the watcher must survive anything.
                }
            }
        }
    }

    /** What identifies the content the path leads to now; "absent" when there is nothing. */
    static String fingerprint(Path path) {
        try {
            BasicFileAttributes a = Files.readAttributes(path, BasicFileAttributes.class);
            String target = Files.isSymbolicLink(path) ? String.valueOf(path.toRealPath()) : "";
            return a.fileKey() + "|" + a.size() + "|" + a.lastModifiedTime().toMillis() + "|"
                    + a.lastModifiedTime() + "|" + target;
        } catch (IOException | RuntimeException e) {
            return Files.isSymbolicLink(path) ? "dangling symlink" : "absent";
        }
    }
}
