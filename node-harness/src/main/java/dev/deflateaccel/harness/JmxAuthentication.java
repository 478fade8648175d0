package dev.deflateaccel.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The JDK's file-based JMX security as cassandra-env.sh offers it with {@code LOCAL_JMX=no}: a
 * password file and an access file, one read-only and one read-write role. The JDK refuses a
 * password file others can read, hence mode 0600.
 */
public final class JmxAuthentication implements JmxSecurity {

    public static final String READ_ONLY = "monitorRole";
    public static final String READ_WRITE = "controlRole";

    private final String readOnlyPassword;
    private final String readWritePassword;

    public JmxAuthentication(String readOnlyPassword, String readWritePassword) {
        this.readOnlyPassword = readOnlyPassword;
        this.readWritePassword = readWritePassword;
    }

    public String password(String role) {
        return READ_ONLY.equals(role) ? readOnlyPassword : readWritePassword;
    }

    /** jmxremote.password and jmxremote.access in {@code conf}. */
    @Override
    public void writeFiles(Path conf) {
        write(passwordFile(conf), READ_ONLY + " " + readOnlyPassword + "\n" + READ_WRITE + " " + readWritePassword + "\n");
        write(accessFile(conf), READ_ONLY + " readonly\n" + READ_WRITE + " readwrite\n");
    }

    @Override
    public Map<String, String> yaml() {
        return Map.of();
    }

    @Override
    public Optional<String[]> cqlLogin() {
        return Optional.empty();
    }

    private static Path passwordFile(Path conf) {
        return conf.resolve("jmxremote.password");
    }

    private static Path accessFile(Path conf) {
        return conf.resolve("jmxremote.access");
    }

    /**
     * cassandra-env.sh pointing at the two files: stock names /etc/cassandra/jmxremote.password
     * and has the access-file line commented out.
     */
    @Override
    public List<String> editEnv(List<String> cassandraEnv, Path conf) {
        String password = "-Dcom.sun.management.jmxremote.password.file=";
        String access = "-Dcom.sun.management.jmxremote.access.file=";
        int edited = 0;
        List<String> lines = new java.util.ArrayList<>(cassandraEnv);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.contains(password + "/etc/cassandra/jmxremote.password")) {
                lines.set(i, "JVM_OPTS=\"$JVM_OPTS " + password + passwordFile(conf) + "\"");
                edited++;
            } else if (line.contains(access + "/etc/cassandra/jmxremote.access")) {
                lines.set(i, "JVM_OPTS=\"$JVM_OPTS " + access + accessFile(conf) + "\"");
                edited++;
            }
        }
        if (edited != 2) {
            throw new IllegalStateException(edited + " of the 2 jmxremote file lines found in cassandra-env.sh");
        }
        return lines;
    }

    private static void write(Path file, String text) {
        try {
            Files.deleteIfExists(file);
            Files.writeString(file, text, StandardCharsets.UTF_8);
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof JmxAuthentication && ((JmxAuthentication) o).readOnlyPassword.equals(readOnlyPassword)
                && ((JmxAuthentication) o).readWritePassword.equals(readWritePassword);
    }

    @Override
    public int hashCode() {
        return readOnlyPassword.hashCode() * 31 + readWritePassword.hashCode();
    }
}
