package dev.deflateaccel.bridge.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * What one stat(2) of a path says, following symlinks. Taken in one call so that the type, the
 * owner and the mode judged belong to the same file, and without opening it: opening a FIFO
 * blocks until a writer appears, which would hang Cassandra's start.
 */
public final class FileFacts {
    private static final int TYPE_MASK = 0170000;
    private static final int REGULAR = 0100000;
    private static final int DIRECTORY = 0040000;
    private static final int FIFO = 0010000;
    private static final int CHARACTER_DEVICE = 0020000;
    private static final int BLOCK_DEVICE = 0060000;
    private static final int SOCKET = 0140000;

    private final int mode;
    private final long uid;
    private final long size;
    private final long device;
    private final long inode;

    FileFacts(int mode, long uid, long size, long device, long inode) {
        this.mode = mode;
        this.uid = uid;
        this.size = size;
        this.device = device;
        this.inode = inode;
    }

    /**
     * @throws java.nio.file.NoSuchFileException when the path (or a symlink's target) does not exist
     * @throws UnsupportedOperationException where the JDK has no "unix" attribute view (not Linux)
     */
    public static FileFacts of(Path path) throws IOException {
        Map<String, Object> a = Files.readAttributes(path, "unix:mode,uid,size,dev,ino");
        return new FileFacts((Integer) a.get("mode"), ((Number) a.get("uid")).longValue(),
                (Long) a.get("size"), (Long) a.get("dev"), (Long) a.get("ino"));
    }

    public boolean isRegularFile() {
        return (mode & TYPE_MASK) == REGULAR;
    }

    /** "a FIFO", "a directory", ...: for the one line that says why a path was refused. */
    public String typeName() {
        switch (mode & TYPE_MASK) {
            case REGULAR:
                return "a regular file";
            case DIRECTORY:
                return "a directory";
            case FIFO:
                return "a FIFO";
            case CHARACTER_DEVICE:
                return "a character device";
            case BLOCK_DEVICE:
                return "a block device";
            case SOCKET:
                return "a socket";
            default:
                return "not a regular file";
        }
    }

    /** The permission bits, e.g. 0644. */
    public int permissions() {
        return mode & 07777;
    }

    public long uid() {
        return uid;
    }

    public long size() {
        return size;
    }

    /** Whether both stats saw the same file (device and inode), e.g. before and after a read. */
    public boolean sameFileAs(FileFacts other) {
        return device == other.device && inode == other.inode;
    }
}
