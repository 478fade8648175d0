package dev.deflateaccel.harness.workload;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;

/**
 * The steady-load table: one partition per sensor and day, readings clustered by time, size-tiered
 * compaction (so the flushes of a steady write stream turn into background compactions), and the
 * compressor under test.
 */
public final class TimeSeriesTable {

    private final String keyspace;
    private final String name;

    public TimeSeriesTable(String keyspace, String name) {
        this.keyspace = keyspace;
        this.name = name;
    }

    public String keyspace() {
        return keyspace;
    }

    public String name() {
        return name;
    }

    public String qualified() {
        return keyspace + "." + name;
    }

    /**
     * Creates keyspace (RF 1) and table. {@code compression} is the CQL map's body, e.g.
     * {@code 'class': 'DeflateCompressor', 'chunk_length_in_kb': 16} or {@code 'enabled': false}.
     */
    public void create(CqlSession session, String compression) {
        create(session, compression, "'class': 'SizeTieredCompactionStrategy'");
    }

    /** The same with another compaction map's body, e.g. {@code 'class': 'LeveledCompactionStrategy'}. */
    public void create(CqlSession session, String compression, String compaction) {
        session.execute("CREATE KEYSPACE IF NOT EXISTS " + keyspace
                + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
        session.execute(createTableCql(compression, compaction));
    }

    /** The table's CREATE TABLE statement, also what an offline SSTable writer needs. */
    public String createTableCql(String compression, String compaction) {
        return "CREATE TABLE " + qualified() + " (sensor int, day int, ts timestamp, value double,"
                + " status text, payload text, PRIMARY KEY ((sensor, day), ts))"
                + " WITH compaction = {" + compaction + "}"
                + " AND compression = {" + compression + "}";
    }

    public String insertCql() {
        return "INSERT INTO " + qualified() + " (sensor, day, ts, value, status, payload) VALUES (?, ?, ?, ?, ?, ?)";
    }

    public String selectOneCql() {
        return "SELECT value, status, payload FROM " + qualified() + " WHERE sensor = ? AND day = ? AND ts = ?";
    }

    /** A read is right when every column equals what the generator made for that index. */
    public static boolean matches(Row row, TimeSeriesPoint expected) {
        return row != null && row.getDouble("value") == expected.value && expected.status.equals(row.getString("status"))
                && expected.payload.equals(row.getString("payload"));
    }
}
