package dev.deflateaccel.lab.node;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The on-disk size of every *-Data.db that appears under a keyspace directory while it runs,
 * polled twice a second. Needed for the size of flushed (L0) SSTables: the flush log line gives
 * the uncompressed size, and size-tiered compaction may delete a flushed file seconds later.
 */
final class DataFileSizes implements AutoCloseable {

    private final Path keyspaceDir;
    private final Map<String, Long> sizes = new ConcurrentHashMap<>();
    private final ScheduledExecutorService poller = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread thread = new Thread(r, "data-file-sizes");
        thread.setDaemon(true);
        return thread;
    });

    DataFileSizes(Path keyspaceDir) {
        this.keyspaceDir = keyspaceDir;
        poller.scheduleWithFixedDelay(this::poll, 0, 500, TimeUnit.MILLISECONDS);
    }

    private void poll() {
        try (Stream<Path> files = Files.walk(keyspaceDir, 2)) {
            files.filter(p -> p.getFileName().toString().endsWith("-Data.db")).forEach(p -> {
                try {
                    sizes.merge(p.toString(), Files.size(p), Math::max);
                } catch (IOException ignored) {
                    // deleted by a compaction between listing and stat: its last size is kept
                }
            });
        } catch (IOException | RuntimeException ignored) {
            // the directory changes under us; the next poll sees it again
        }
    }

    /** The largest size seen for this file, or -1 if it was never seen. */
    long sizeOf(String path) {
        poll();
        return sizes.getOrDefault(path, -1L);
    }

    @Override
    public void close() {
        poller.shutdownNow();
    }
}
