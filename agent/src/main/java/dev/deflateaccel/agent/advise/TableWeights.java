package dev.deflateaccel.agent.advise;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Weights the operator gives the node's tables in place of their size: {@code --weights FILE}
 * (lines {@code keyspace.table NUMBER}, e.g. GB compacted per day from the node's monitoring) or
 * {@code --tablestats FILE} (the output of {@code nodetool tablestats}, each table weighed by its
 * "Space used (live)": the node's own count, over every data directory).
 */
final class TableWeights {
    private static final Pattern KEYSPACE = Pattern.compile("^\\s*Keyspace\\s*:\\s*(\\S+)\\s*$");
    private static final Pattern TABLE = Pattern.compile("^\\s*Table:\\s*(\\S+)\\s*$");
    private static final Pattern LIVE = Pattern.compile("^\\s*Space used \\(live\\):\\s*([0-9.]+)\\s*([A-Za-z]*)\\s*$");

    /** Where they came from, for the report: {@code --weights FILE}. */
    final String source;
    private final Map<String, Double> byTable;

    private TableWeights(String source, Map<String, Double> byTable) {
        this.source = source;
        this.byTable = byTable;
    }

    /** The weight of ks.table, or null when none was given. */
    Double weight(String keyspace, String table) {
        return byTable.get(keyspace + "." + table);
    }

    Map<String, Double> all() {
        return byTable;
    }

    static TableWeights readWeights(Path file) {
        return weights("--weights " + file, lines(file));
    }

    static TableWeights readTablestats(Path file) {
        return tablestats("--tablestats " + file, lines(file));
    }

    private static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + file + ": " + e);
        }
    }

    static TableWeights weights(String source, List<String> lines) {
        Map<String, Double> w = new LinkedHashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).trim();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] parts = line.split("\\s+");
            double v = parts.length == 2 && parts[0].indexOf('.') > 0 ? number(parts[1]) : -1;
            if (!(v >= 0)) {
                throw new IllegalArgumentException(source + " line " + (i + 1) + ": not 'keyspace.table NUMBER': " + line);
            }
            w.put(parts[0], v);
        }
        if (w.isEmpty()) {
            throw new IllegalArgumentException(source + " names no table");
        }
        return new TableWeights(source, w);
    }

    /**
     * {@code nodetool tablestats} of 4.0 to 6.0: "Keyspace : ks", then per table "Table: name" and
     * "Space used (live): N", in bytes, or with a unit under {@code -H} ("29.1 MiB"). Index lines
     * ("Table (index): ...") are not tables and are skipped.
     */
    static TableWeights tablestats(String source, List<String> lines) {
        Map<String, Double> w = new LinkedHashMap<>();
        String keyspace = null;
        String table = null;
        for (String line : lines) {
            Matcher m = KEYSPACE.matcher(line);
            if (m.matches()) {
                keyspace = m.group(1);
                table = null;
                continue;
            }
            m = TABLE.matcher(line);
            if (m.matches()) {
                table = m.group(1);
                continue;
            }
            if (line.trim().startsWith("Table (index):")) {
                table = null;
                continue;
            }
            m = LIVE.matcher(line);
            if (m.matches() && keyspace != null && table != null) {
                w.put(keyspace + "." + table, number(m.group(1)) * unit(m.group(2)));
                table = null;
            }
        }
        if (w.isEmpty()) {
            throw new IllegalArgumentException(source + ": no 'Table:' with 'Space used (live):' in it; is it the"
                    + " output of nodetool tablestats?");
        }
        return new TableWeights(source, w);
    }

    private static double number(String s) {
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static double unit(String u) {
        switch (u.toLowerCase(Locale.ROOT)) {
            case "":
            case "bytes":
            case "b":
                return 1;
            case "kib":
                return 1L << 10;
            case "mib":
                return 1L << 20;
            case "gib":
                return 1L << 30;
            case "tib":
                return 1L << 40;
            case "kb":
                return 1e3;
            case "mb":
                return 1e6;
            case "gb":
                return 1e9;
            case "tb":
                return 1e12;
            default:
                throw new IllegalArgumentException("a size unit nodetool does not print: '" + u + "'");
        }
    }
}
