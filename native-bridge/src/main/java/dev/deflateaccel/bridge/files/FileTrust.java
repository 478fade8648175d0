package dev.deflateaccel.bridge.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * sshd's StrictModes rule, for files that decide what runs inside the node: the config file and
 * native libraries given by path. Such a file must be a regular file, not writable by group or
 * others, and owned by root or by this JVM's user. Anyone else able to write it could switch
 * verification off, point log_file anywhere, or run code in Cassandra through a library's
 * constructor. Symlinks are followed (Kubernetes ConfigMaps are symlinks): the file they lead to
 * is judged.
 */
public final class FileTrust {
    private static final int GROUP_WRITE = 0020;
    private static final int OTHERS_WRITE = 0002;
    private static final long ROOT = 0;
    /** The process's own uid; -1 when /proc is not there, and then only root is trusted. */
    private static final long PROCESS_UID = readProcessUid();

    private FileTrust() {
    }

    /** Why the file may not be trusted, or null when it may; the caller names the path. */
    public static String refusal(FileFacts f) {
        if (!f.isRegularFile()) {
            return "is " + f.typeName() + ", not a regular file";
        }
        if ((f.permissions() & OTHERS_WRITE) != 0) {
            return "is world-writable (mode " + octal(f.permissions()) + ")";
        }
        if ((f.permissions() & GROUP_WRITE) != 0) {
            return "is group-writable (mode " + octal(f.permissions()) + ")";
        }
        if (f.uid() != ROOT && f.uid() != PROCESS_UID) {
            return "is owned by uid " + f.uid() + ", neither root nor this JVM's user"
                    + (PROCESS_UID >= 0 ? " (uid " + PROCESS_UID + ")" : " (unknown: no /proc/self)");
        }
        return null;
    }

    /** The path, and where it leads when it is a symlink: the file the refusal is about. */
    public static String describe(Path path) {
        if (!Files.isSymbolicLink(path)) {
            return path.toString();
        }
        try {
            return path + " (a symlink to " + path.toRealPath() + ")";
        } catch (IOException | RuntimeException e) {
            return path + " (a symlink)";
        }
    }

    public static long processUid() {
        return PROCESS_UID;
    }

    private static long readProcessUid() {
        try {
            // /proc/self is owned by the process's effective uid; Java has no getuid().
            return ((Number) Files.getAttribute(Paths.get("/proc/self"), "unix:uid")).longValue();
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    private static String octal(int permissions) {
        return String.format("%04o", permissions);
    }
}
