package dev.deflateaccel.harness.workload;

import java.nio.ByteBuffer;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;

import dev.deflateaccel.sample.SampleRow;

/**
 * A test table with Deflate compression (or another of Cassandra's compressors, for the advisor's
 * tests). Every scenario uses its own keyspace so that scenarios sharing a node never read each
 * other's rows.
 */
public final class TestTable {

    private final String keyspace;
    private final String name;
    private final int chunkKb;
    private final String compressor;

    public TestTable(String keyspace, String name, int chunkKb) {
        this(keyspace, name, chunkKb, "DeflateCompressor");
    }

    /** {@code compressor}: a class Cassandra knows by its simple name, e.g. {@code LZ4Compressor}. */
    public TestTable(String keyspace, String name, int chunkKb, String compressor) {
        this.keyspace = keyspace;
        this.name = name;
        this.chunkKb = chunkKb;
        this.compressor = compressor;
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

    /** Creates keyspace (SimpleStrategy, {@code replicationFactor}) and table, dropping an old table first. */
    public void create(CqlSession session, int replicationFactor) {
        session.execute("CREATE KEYSPACE IF NOT EXISTS " + keyspace + " WITH replication = "
                + "{'class': 'SimpleStrategy', 'replication_factor': " + replicationFactor + "}");
        session.execute("DROP TABLE IF EXISTS " + qualified());
        session.execute("CREATE TABLE " + qualified() + " ("
                + "pk bigint, ck int, id uuid, created timestamp, name text, body text, amount double, payload blob, "
                + "PRIMARY KEY (pk, ck)) WITH compression = "
                + "{'class': '" + compressor + "', 'chunk_length_in_kb': " + chunkKb + "}");
    }

    public String insertCql() {
        return "INSERT INTO " + qualified() + " (pk, ck, id, created, name, body, amount, payload) "
                + "VALUES (?, ?, ?, ?, ?, ?, ?, ?)";
    }

    public String selectAllCql() {
        return "SELECT pk, ck, id, created, name, body, amount, payload FROM " + qualified();
    }

    public String selectOneCql() {
        return selectAllCql() + " WHERE pk = ? AND ck = ?";
    }

    /** A row as read back with {@link #selectAllCql()} or {@link #selectOneCql()}. */
    public static SampleRow rowFrom(Row row) {
        ByteBuffer payload = row.getByteBuffer("payload");
        byte[] bytes = new byte[payload == null ? 0 : payload.remaining()];
        if (payload != null) {
            payload.duplicate().get(bytes);
        }
        return new SampleRow(row.getLong("pk"), row.getInt("ck"), row.getUuid("id"), row.getInstant("created"),
                row.getString("name"), row.getString("body"), row.getDouble("amount"), bytes);
    }

    @Override
    public String toString() {
        return qualified() + " (" + compressor + ", " + chunkKb + " KiB chunks)";
    }
}
