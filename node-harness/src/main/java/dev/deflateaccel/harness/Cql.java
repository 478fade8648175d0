package dev.deflateaccel.harness;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;

/**
 * Driver sessions for the tests. Timeouts are generous: on two cores a node that is flushing or
 * compacting 100 MB of Deflate data answers slowly, and a timeout there would be a test artefact,
 * not a finding.
 */
final class Cql {

    /** SimpleSnitch, the stock snitch, puts every node in this data centre. */
    static final String DATACENTER = "datacenter1";

    private Cql() {
    }

    static CqlSession connect(List<InetSocketAddress> contactPoints) {
        return connect(contactPoints, java.util.Optional.empty());
    }

    /** With {@code login} (user, password) when the node has an authenticator. */
    static CqlSession connect(List<InetSocketAddress> contactPoints, java.util.Optional<String[]> login) {
        DriverConfigLoader config = DriverConfigLoader.programmaticBuilder()
                .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(60))
                .withDuration(DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, Duration.ofSeconds(30))
                .withDuration(DefaultDriverOption.CONNECTION_CONNECT_TIMEOUT, Duration.ofSeconds(30))
                .withDuration(DefaultDriverOption.CONTROL_CONNECTION_TIMEOUT, Duration.ofSeconds(30))
                .withDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT, Duration.ofSeconds(60))
                .withDuration(DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT, Duration.ofSeconds(60))
                .withInt(DefaultDriverOption.REQUEST_PAGE_SIZE, 2000)
                .withInt(DefaultDriverOption.CONNECTION_MAX_REQUESTS, 2048)
                .withBoolean(DefaultDriverOption.RECONNECT_ON_INIT, false)
                .build();
        com.datastax.oss.driver.api.core.CqlSessionBuilder builder = CqlSession.builder()
                .addContactPoints(contactPoints)
                .withLocalDatacenter(DATACENTER)
                .withConfigLoader(config);
        login.ifPresent(l -> builder.withAuthCredentials(l[0], l[1]));
        return builder.build();
    }
}
