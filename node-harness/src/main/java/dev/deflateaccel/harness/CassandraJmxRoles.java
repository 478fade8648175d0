package dev.deflateaccel.harness;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * JMX behind Cassandra's own login and authorizer, as cassandra-env.sh's commented lines offer:
 * the JAAS module {@code CassandraLogin} (conf/cassandra-jaas.config, stock) checks passwords
 * against Cassandra's roles and {@code AuthorizationProxy} checks each MBean call against their
 * permissions ({@code GRANT SELECT|EXECUTE|DESCRIBE ON MBEAN ...}). cassandra.yaml gets
 * PasswordAuthenticator and CassandraAuthorizer, so CQL clients log in too, as the default
 * superuser.
 */
public final class CassandraJmxRoles implements JmxSecurity {

    public static final String SUPERUSER = "cassandra";
    public static final String SUPERUSER_PASSWORD = "cassandra";

    private static final String PASSWORD_FILE_LINE = "-Dcom.sun.management.jmxremote.password.file=";
    private static final List<String> ENABLED = List.of(
            "-Dcassandra.jmx.remote.login.config=CassandraLogin",
            "-Djava.security.auth.login.config=$CASSANDRA_CONF/cassandra-jaas.config",
            "-Dcassandra.jmx.authorizer=org.apache.cassandra.auth.jmx.AuthorizationProxy");

    @Override
    public void writeFiles(Path conf) {
        // The stock cassandra-jaas.config is all it needs.
    }

    /** Comments out the password-file line and uncomments the three lines of Cassandra's own JMX auth. */
    @Override
    public List<String> editEnv(List<String> cassandraEnv, Path conf) {
        List<String> lines = new ArrayList<>(cassandraEnv);
        int edited = 0;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (!line.startsWith("#") && line.contains(PASSWORD_FILE_LINE)) {
                lines.set(i, "#" + line);
                edited++;
            }
            for (String option : ENABLED) {
                if (line.startsWith("#JVM_OPTS=") && line.contains(option)) {
                    lines.set(i, line.substring(1));
                    edited++;
                }
            }
        }
        if (edited != 1 + ENABLED.size()) {
            throw new IllegalStateException(edited + " of the " + (1 + ENABLED.size()) + " JMX auth lines found in cassandra-env.sh");
        }
        return lines;
    }

    @Override
    public Map<String, String> yaml() {
        Map<String, String> yaml = new LinkedHashMap<>();
        yaml.put("authenticator", "PasswordAuthenticator");
        yaml.put("authorizer", "CassandraAuthorizer");
        return yaml;
    }

    @Override
    public Optional<String[]> cqlLogin() {
        return Optional.of(new String[] {SUPERUSER, SUPERUSER_PASSWORD});
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CassandraJmxRoles;
    }

    @Override
    public int hashCode() {
        return CassandraJmxRoles.class.hashCode();
    }
}
