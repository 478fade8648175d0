package dev.deflateaccel.harness;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A log file read from a mark onwards, so a scenario on a reused node judges only what it caused.
 * Marks are byte offsets; logback's system.log rolls at 50 MB, far above what a scenario writes.
 */
public final class LogFile {

    private final Path path;

    public LogFile(Path path) {
        this.path = path;
    }

    public Path path() {
        return path;
    }

    public long mark() {
        try {
            return Files.exists(path) ? Files.size(path) : 0;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public List<String> linesSince(long mark) {
        if (!Files.exists(path)) {
            return List.of();
        }
        try (RandomAccessFile file = new RandomAccessFile(path.toFile(), "r")) {
            long length = file.length();
            long from = mark <= length ? mark : 0; // rolled over: read the new file whole
            byte[] bytes = new byte[Math.toIntExact(length - from)];
            file.seek(from);
            file.readFully(bytes);
            return Arrays.asList(new String(bytes, StandardCharsets.UTF_8).split("\n"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path, e);
        }
    }

    /** Cassandra's logback pattern starts every event with the padded level, e.g. "ERROR [main] ...". */
    public List<String> errorsSince(long mark) {
        return linesSince(mark).stream().filter(l -> l.startsWith("ERROR")).collect(Collectors.toList());
    }

    /**
     * Each ERROR event since the mark with the next {@code following} lines (an exception's class
     * and message follow its ERROR line), each cut to {@code maxLineLength}.
     */
    public String errorsWithCauseSince(long mark, int following, int maxLineLength) {
        List<String> lines = linesSince(mark);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith("ERROR")) {
                for (int j = i; j < Math.min(lines.size(), i + 1 + following); j++) {
                    out.append(cut(lines.get(j), maxLineLength)).append('\n');
                }
            }
        }
        return out.length() == 0 ? "(none)\n" : out.toString();
    }

    /** The last lines, each cut to {@code maxLineLength} (Cassandra logs its whole config on one line). */
    public String tail(int lines, int maxLineLength) {
        List<String> all = linesSince(0);
        return all.subList(Math.max(0, all.size() - lines), all.size()).stream()
                .map(l -> cut(l, maxLineLength))
                .collect(Collectors.joining("\n"));
    }

    private static String cut(String line, int maxLength) {
        return line.length() <= maxLength ? line : line.substring(0, maxLength) + " [...]";
    }
}
