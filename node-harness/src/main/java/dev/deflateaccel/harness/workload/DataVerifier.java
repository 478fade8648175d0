package dev.deflateaccel.harness.workload;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;

import dev.deflateaccel.sample.SampleRow;
import dev.deflateaccel.sample.SampleRows;

/**
 * Reads a test table back and compares it with what the generator says was written: every
 * expected row present with equal values, nothing unexpected, and a checksum over all values
 * (the order-independent sum of the row digests) that must equal the generator's.
 */
public final class DataVerifier {

    private static final int EXAMPLES = 5;

    private final CqlSession session;
    private final TestTable table;
    private final SampleRows generator;

    public DataVerifier(CqlSession session, TestTable table, SampleRows generator) {
        this.session = session;
        this.table = table;
        this.generator = generator;
    }

    /**
     * Full scan: every row of the table is read (so every chunk of every SSTable is decompressed).
     * {@code expected} rows must be present and equal; rows in {@code tolerated} may be present
     * (writes in flight at a crash) but must then be equal too; any other row is unexpected.
     */
    public Verification scan(ConsistencyLevel consistency, RowSet expected, RowSet tolerated) {
        Verification result = new Verification(table, expected, tolerated);
        ResultSet rows = session.execute(SimpleStatement.newInstance(table.selectAllCql())
                .setConsistencyLevel(consistency).setPageSize(2000));
        for (Row row : rows) {
            result.check(TestTable.rowFrom(row));
        }
        return result.finish();
    }

    public Verification scan(ConsistencyLevel consistency, RowSet expected) {
        return scan(consistency, expected, RowSet.empty());
    }

    /** Single-partition reads of the given rows: the random-access path through the chunks. */
    public Verification pointReads(ConsistencyLevel consistency, RowSet rows) {
        Verification result = new Verification(table, rows, RowSet.empty());
        PreparedStatement select = session.prepare(table.selectOneCql());
        rows.indexes().forEach(index -> {
            SampleRow wanted = generator.row(index);
            Row row = session.execute(select.bind(wanted.pk, wanted.ck).setConsistencyLevel(consistency)).one();
            if (row != null) {
                result.check(TestTable.rowFrom(row));
            }
        });
        return result.finish();
    }

    /** The outcome of one read-back. */
    public final class Verification {
        private final TestTable table;
        private final RowSet expected;
        private final RowSet tolerated;
        private final long expectedRows;
        private final long expectedChecksum;
        private final BitSet seen = new BitSet();
        private long actualChecksum;
        private long present;
        private long missing;
        private long mismatched;
        private long unexpected;
        private long toleratedPresent;
        private final List<String> examples = new ArrayList<>();

        public Verification(TestTable table, RowSet expected, RowSet tolerated) {
            this.table = table;
            this.expected = expected;
            this.tolerated = tolerated;
            this.expectedRows = expected.size();
            this.expectedChecksum = expected.indexes().map(i -> generator.row(i).digest()).sum();
        }

        public void check(SampleRow actual) {
            long index = generator.indexOf(actual.pk, actual.ck);
            boolean isExpected = expected.contains(index);
            if (!isExpected && !tolerated.contains(index)) {
                unexpected++;
                example("unexpected " + actual);
                return;
            }
            SampleRow wanted = generator.row(index);
            long digest = actual.digest();
            if (digest != wanted.digest()) {
                mismatched++;
                example("differs: read " + actual + " but wrote " + wanted);
            }
            if (isExpected) {
                if (seen.get(Math.toIntExact(index))) {
                    example("returned twice: " + actual);
                    unexpected++;
                    return;
                }
                seen.set(Math.toIntExact(index));
                present++;
                actualChecksum += digest;
            } else {
                toleratedPresent++;
            }
        }

        public Verification finish() {
            missing = expectedRows - present;
            expected.indexes()
                    .filter(index -> !seen.get(Math.toIntExact(index)))
                    .limit(Math.max(0, EXAMPLES - examples.size()))
                    .forEach(index -> example("missing " + generator.row(index)));
            return this;
        }

        public long present() {
            return present;
        }

        public long toleratedPresent() {
            return toleratedPresent;
        }

        /** Fails with a description of what is missing, different or unexpected. */
        public void assertComplete() {
            if (missing != 0 || mismatched != 0 || unexpected != 0 || actualChecksum != expectedChecksum) {
                throw new AssertionError(this.toString());
            }
        }

        private void example(String text) {
            if (examples.size() < EXAMPLES) {
                examples.add(text);
            }
        }

        @Override
        public String toString() {
            return table.qualified() + ": expected " + expectedRows + " rows, present " + present + ", missing "
                    + missing + ", different " + mismatched + ", unexpected " + unexpected
                    + (toleratedPresent > 0 ? ", in-flight rows present " + toleratedPresent : "")
                    + String.format(", checksum expected %016x actual %016x", expectedChecksum, actualChecksum)
                    + (examples.isEmpty() ? "" : "\n  " + String.join("\n  ", examples));
        }
    }
}
