package dev.deflateaccel.harness;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipInputStream;

/**
 * A log file read from a mark onwards, so a scenario on a reused node judges only what it caused.
 *
 * <p>Cassandra's logback rolls system.log at 50 MB and at midnight: it renames the file to
 * {@code system.log.<date>.<i>.zip} and starts a new one. A scenario that runs across midnight
 * would otherwise lose what it logged before the roll, so a mark remembers which file (inode) it
 * was taken on, and reading from it after a roll reads the newest rolled file from the mark's
 * offset, then the new file whole.
 */
public final class LogFile {

    /** A position in the log: the file it was taken on and the byte offset in it. */
    public static final class Mark {
        private static final Mark START = new Mark(null, 0);

        final Object fileKey;
        final long offset;

        private Mark(Object fileKey, long offset) {
            this.fileKey = fileKey;
            this.offset = offset;
        }

        /** The start of whichever file is current: everything it holds. */
        public static Mark start() {
            return START;
        }
    }

    private final Path path;

    public LogFile(Path path) {
        this.path = path;
    }

    public Path path() {
        return path;
    }

    public Mark mark() {
        try {
            return Files.exists(path) ? new Mark(fileKey(path), Files.size(path)) : new Mark(null, 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public List<String> linesSince(Mark mark) {
        if (!Files.exists(path)) {
            return List.of();
        }
        try {
            String text;
            long length = Files.size(path);
            Object current = fileKey(path);
            boolean sameFile = mark.fileKey == null || current == null || mark.fileKey.equals(current);
            if (!sameFile) {
                text = rolledSince(mark.offset) + read(path, 0); // renamed aside, a new file begun
            } else if (length < mark.offset) {
                text = read(path, 0); // the same file, truncated and written again (a process's stdout)
            } else {
                text = read(path, mark.offset);
            }
            return Arrays.asList(text.split("\n"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path, e);
        }
    }

    /** What the newest rolled file holds from {@code offset} on ("" when there is none). */
    private String rolledSince(long offset) throws IOException {
        String prefix = path.getFileName() + ".";
        Path newest = null;
        try (Stream<Path> siblings = Files.list(path.toAbsolutePath().getParent())) {
            for (Path p : (Iterable<Path>) siblings::iterator) {
                if (p.getFileName().toString().startsWith(prefix)
                        && (newest == null || Files.getLastModifiedTime(p).compareTo(Files.getLastModifiedTime(newest)) > 0)) {
                    newest = p;
                }
            }
        }
        if (newest == null) {
            return "";
        }
        byte[] bytes;
        if (newest.getFileName().toString().endsWith(".zip")) {
            try (ZipInputStream zip = new ZipInputStream(Files.newInputStream(newest))) {
                bytes = zip.getNextEntry() == null ? new byte[0] : zip.readAllBytes();
            }
        } else {
            bytes = Files.readAllBytes(newest);
        }
        int from = (int) Math.min(offset, bytes.length);
        String text = new String(bytes, from, bytes.length - from, StandardCharsets.UTF_8);
        return text.isEmpty() || text.endsWith("\n") ? text : text + "\n";
    }

    private static String read(Path file, long from) throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "r")) {
            long length = raf.length();
            byte[] bytes = new byte[Math.toIntExact(Math.max(0, length - from))];
            raf.seek(Math.min(from, length));
            raf.readFully(bytes);
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }

    private static Object fileKey(Path file) throws IOException {
        Object key = Files.readAttributes(file, BasicFileAttributes.class).fileKey();
        return key; // null where the file system has no inodes: a roll then goes unseen
    }

    /** Cassandra's logback pattern starts every event with the padded level, e.g. "ERROR [main] ...". */
    public List<String> errorsSince(Mark mark) {
        return linesSince(mark).stream().filter(l -> l.startsWith("ERROR")).collect(Collectors.toList());
    }

    /**
     * Each ERROR event since the mark with the next {@code following} lines (an exception's class
     * and message follow its ERROR line), each cut to {@code maxLineLength}.
     */
    public String errorsWithCauseSince(Mark mark, int following, int maxLineLength) {
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
        List<String> all = linesSince(Mark.start());
        return all.subList(Math.max(0, all.size() - lines), all.size()).stream()
                .map(l -> cut(l, maxLineLength))
                .collect(Collectors.joining("\n"));
    }

    private static String cut(String line, int maxLength) {
        return line.length() <= maxLength ? line : line.substring(0, maxLength) + " [...]";
    }
}
