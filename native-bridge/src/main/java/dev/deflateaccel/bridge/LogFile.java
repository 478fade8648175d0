package dev.deflateaccel.bridge;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.channels.Channels;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.Set;

/**
 * Opens {@code log_file} for appending. The agent usually runs as the Cassandra user (or root),
 * so a symlink planted at that path could make it append to any file that user can write: the
 * last component is never followed (O_NOFOLLOW). A FIFO would block the open, and so the node's
 * start, until a reader appears, so only a regular file (or none) is opened. A new file is created
 * 0640: statistics and warnings are for the operator and the log group, not every user.
 */
final class LogFile {
    private static final Set<OpenOption> APPEND = Collections.unmodifiableSet(new HashSet<>(Arrays.asList(
            StandardOpenOption.APPEND, StandardOpenOption.CREATE, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)));

    private LogFile() {
    }

    /** @throws IOException saying why the path cannot be the log (the caller logs it once) */
    static PrintStream open(String file) throws IOException {
        Path path = Paths.get(file);
        try {
            BasicFileAttributes a = Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (a.isSymbolicLink()) {
                throw new IOException("it is a symlink, which is not followed");
            }
            if (!a.isRegularFile()) {
                throw new IOException("it is not a regular file");
            }
        } catch (NoSuchFileException e) {
            // Created below, without following a link that may appear in between.
        }
        return new PrintStream(Channels.newOutputStream(Files.newByteChannel(path, APPEND,
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-r-----")))),
                true, StandardCharsets.UTF_8.name());
    }
}
