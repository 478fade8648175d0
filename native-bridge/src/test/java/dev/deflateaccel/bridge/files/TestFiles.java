package dev.deflateaccel.bridge.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;

/** Files of the kinds the trust and config rules are about, made the way an operator would. */
public final class TestFiles {
    /** nobody on Debian: a user other than root and the JVM's. */
    public static final int OTHER_UID = 65534;

    private TestFiles() {
    }

    public static Path write(Path file, String permissions, byte[] content) throws IOException {
        Files.write(file, content);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(permissions));
        return file;
    }

    public static Path fifo(Path file) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("mkfifo", file.toString()).inheritIO().start();
        if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException("mkfifo " + file + " failed");
        }
        return file;
    }

    /** Only root may give a file away (chown). */
    public static boolean runningAsRoot() {
        return FileTrust.processUid() == 0;
    }

    public static void chown(Path file, int uid) throws IOException {
        Files.setAttribute(file, "unix:uid", uid);
    }
}
