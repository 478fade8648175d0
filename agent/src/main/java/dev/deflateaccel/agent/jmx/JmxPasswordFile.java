package dev.deflateaccel.agent.jmx;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * nodetool's -pwf: a jmxremote.password file, "user password" per line, '#' comments. In a package
 * of its own: both the live commands ({@code agent}) and {@code advise --node-cpu} read it, and
 * {@code agent} already depends on {@code advise}.
 */
public final class JmxPasswordFile {
    private JmxPasswordFile() {
    }

    /**
     * The password of {@code user} (of the first user when null). Throws IllegalArgumentException
     * naming the file when it cannot be read or has no such user.
     */
    public static String password(Path file, String user) {
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                String[] parts = line.trim().split("\\s+");
                if (parts.length >= 2 && !parts[0].startsWith("#") && (user == null || parts[0].equals(user))) {
                    return parts[1];
                }
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read password file " + file + ": " + e, e);
        }
        throw new IllegalArgumentException("no password for " + user + " in " + file);
    }
}
