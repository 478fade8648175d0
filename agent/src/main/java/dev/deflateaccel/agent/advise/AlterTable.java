package dev.deflateaccel.agent.advise;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The CQL that moves a table to DeflateCompressor, keeping what its SSTables record of its other
 * compression options: the chunk length and, where the table sets one, min_compress_ratio.
 */
final class AlterTable {
    private static final Pattern UNQUOTED = Pattern.compile("[a-z_][a-z0-9_]*");

    private AlterTable() {
    }

    static String toDeflate(SSTableGroup g) {
        StringBuilder b = new StringBuilder("ALTER TABLE ").append(name(g.keyspace())).append('.')
                .append(name(g.table())).append(" WITH compression = {'class': 'DeflateCompressor', 'chunk_length_in_kb': '")
                .append(g.chunkLengths().get(g.chunkLengths().size() - 1) >> 10).append('\'');
        double ratio = g.minCompressRatio();
        if (!Double.isNaN(ratio)) {
            b.append(", 'min_compress_ratio': '").append(ratio(ratio)).append('\'');
        }
        return b.append("};").toString();
    }

    /** Cassandra derives ceil(chunk / ratio) from the ratio; two decimals give it back. */
    static String ratio(double r) {
        String s = String.format(Locale.ROOT, "%.2f", r);
        return s.replaceAll("0+$", "").replaceAll("\\.$", "");
    }

    /** A name CQL reads as it is, or quoted (a case-sensitive name keeps its case in the folder's name). */
    static String name(String n) {
        return UNQUOTED.matcher(n).matches() ? n : "\"" + n.replace("\"", "\"\"") + "\"";
    }
}
