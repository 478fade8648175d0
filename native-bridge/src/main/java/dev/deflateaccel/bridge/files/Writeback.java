package dev.deflateaccel.bridge.files;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;

/**
 * The two Linux calls that advise the kernel about a file's pages, and nothing else: neither
 * changes a byte of the file, its size or its metadata, and neither replaces an fsync (a range
 * written back by {@code sync_file_range} is not durable until the file is synced, which
 * Cassandra still does itself when it finishes the file).
 */
public interface Writeback {
    /** {@code sync_file_range}'s flags (linux/fs.h; the same on x86-64 and aarch64). */
    int WAIT_BEFORE = 1;
    int WRITE = 2;
    int WAIT_AFTER = 4;

    /** {@code sync_file_range(fd, offset, length, flags)}: 0, or the errno of its failure. */
    int syncFileRange(int fd, long offset, long length, int flags);

    /** {@code posix_fadvise(fd, offset, length, POSIX_FADV_DONTNEED)}: 0, or its error number. */
    int dropCache(int fd, long offset, long length);

    /** libc's, bound on first use; {@link #problem()} says why not where it cannot be bound. */
    final class Libc implements Writeback {
        private static final int POSIX_FADV_DONTNEED = 4;
        public static final Libc INSTANCE = new Libc();

        private Libc() {
        }

        private static final class Calls {
            static final String PROBLEM = bind();

            static native int sync_file_range(int fd, long offset, long nbytes, int flags);

            static native int posix_fadvise(int fd, long offset, long len, int advice);

            private static String bind() {
                try {
                    Native.register(Calls.class, NativeLibrary.getInstance("c"));
                    return null;
                } catch (LinkageError | RuntimeException e) {
                    return "cannot bind libc's sync_file_range and posix_fadvise (" + e + ")";
                }
            }
        }

        /** Null when both calls are bound, else why not. */
        public String problem() {
            return Calls.PROBLEM;
        }

        @Override
        public int syncFileRange(int fd, long offset, long length, int flags) {
            return Calls.sync_file_range(fd, offset, length, flags) == 0 ? 0 : Math.max(1, Native.getLastError());
        }

        @Override
        public int dropCache(int fd, long offset, long length) {
            return Calls.posix_fadvise(fd, offset, length, POSIX_FADV_DONTNEED);
        }
    }
}
