package dev.deflateaccel.harness;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Remote JMX with a login, the two ways cassandra-env.sh offers ({@code LOCAL_JMX=no}): the JDK's
 * password and access files ({@link JmxAuthentication}), or Cassandra's own login and authorizer
 * over its roles ({@link CassandraJmxRoles}).
 */
public interface JmxSecurity {

    /** Writes what the node's conf/ needs besides cassandra-env.sh (password files, say). */
    void writeFiles(Path conf);

    /** cassandra-env.sh with this security's lines. */
    List<String> editEnv(List<String> cassandraEnv, Path conf);

    /** cassandra.yaml edits it needs (an authenticator, say). */
    Map<String, String> yaml();

    /** The user and password CQL clients must give, if any. */
    Optional<String[]> cqlLogin();
}
