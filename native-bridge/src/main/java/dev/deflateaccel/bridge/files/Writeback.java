package dev.deflateaccel.bridge.files;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;

/**
 * The Linux calls that advise the kernel about a file's pages, and nothing else: none changes a
 * byte of the file, its size or its metadata, and none replaces an fsync (a range written back
 * early is not durable until the file is synced, which Cassandra still does itself when it
 * finishes the file).
 *
 * <p>Starting a writeback ({@code sync_file_range(WRITE)}) leaves the file's error state alone,
 * so it is made on the writer's own descriptor. Waiting for one is not: the wait reports a
 * failed write to the open file it is made on and marks it seen there (the kernel's errseq), so
 * made on Cassandra's descriptor it would hide the error from Cassandra's own fsync, which would
 * then commit an SSTable with lost pages. So every wait is made on a descriptor of its own for
 * the same file ({@code /proc/self/fd/N}), opened and closed within the call: Cassandra's fsync
 * still sees every error. Before Linux 4.13 a wait cleared the error for every descriptor
 * ({@link #waitsKeepErrorsForOthers}): there the caller must only start writebacks.
 */
public interface Writeback {
    /** {@code sync_file_range(fd, offset, length, SYNC_FILE_RANGE_WRITE)} on the writer's descriptor: 0, or the errno. */
    int startWriteback(int fd, long offset, long length);

    /**
     * Waits until {@code [offset, offset + length)} of the file open as {@code fd} is on the disk
     * ({@code WAIT_BEFORE | WRITE | WAIT_AFTER}), then, if {@code drop}, drops it from the page
     * cache ({@code POSIX_FADV_DONTNEED}); both on a descriptor of its own. 0, or the errno.
     */
    int awaitWriteback(int fd, long offset, long length, boolean drop);

    /**
     * Whether this kernel keeps a write error for every open file of it after one file's wait saw
     * it (errseq, Linux 4.13 and later). {@code osVersion}: {@code os.version}, e.g. "6.1.0-18-amd64".
     */
    static boolean waitsKeepErrorsForOthers(String osVersion) {
        String[] parts = osVersion.split("[^0-9]+");
        try {
            int major = Integer.parseInt(parts[0]);
            int minor = parts.length > 1 ? Integer.parseInt(parts[1]) : 0;
            return major > 4 || (major == 4 && minor >= 13);
        } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
            return false;
        }
    }

    /** libc's, bound on first use; {@link #problem()} says why not where it cannot be bound. */
    final class Libc implements Writeback {
        private static final int WAIT_BEFORE = 1;
        private static final int WRITE = 2;
        private static final int WAIT_AFTER = 4;
        private static final int POSIX_FADV_DONTNEED = 4;
        /** O_RDONLY | O_CLOEXEC, the same on x86-64 and aarch64. */
        private static final int READ_ONLY_CLOEXEC = 0x80000;
        public static final Libc INSTANCE = new Libc();

        private Libc() {
        }

        private static final class Calls {
            static final String PROBLEM = bind();

            static native int sync_file_range(int fd, long offset, long nbytes, int flags);

            static native int posix_fadvise(int fd, long offset, long len, int advice);

            static native int open(String path, int flags);

            static native int close(int fd);

            private static String bind() {
                try {
                    Native.register(Calls.class, NativeLibrary.getInstance("c"));
                    return null;
                } catch (LinkageError | RuntimeException e) {
                    return "cannot bind libc's sync_file_range, posix_fadvise, open and close (" + e + ")";
                }
            }
        }

        /** Null when the calls are bound, else why not. */
        public String problem() {
            return Calls.PROBLEM;
        }

        @Override
        public int startWriteback(int fd, long offset, long length) {
            return Calls.sync_file_range(fd, offset, length, WRITE) == 0 ? 0 : lastError();
        }

        @Override
        public int awaitWriteback(int fd, long offset, long length, boolean drop) {
            int own = Calls.open("/proc/self/fd/" + fd, READ_ONLY_CLOEXEC);
            if (own < 0) {
                return lastError();
            }
            try {
                if (Calls.sync_file_range(own, offset, length, WAIT_BEFORE | WRITE | WAIT_AFTER) != 0) {
                    return lastError();
                }
                return drop ? Calls.posix_fadvise(own, offset, length, POSIX_FADV_DONTNEED) : 0;
            } finally {
                Calls.close(own);
            }
        }

        private static int lastError() {
            return Math.max(1, Native.getLastError());
        }
    }
}
