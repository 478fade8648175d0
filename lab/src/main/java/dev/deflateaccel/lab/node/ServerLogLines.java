package dev.deflateaccel.lab.node;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Flushes and compactions of one table, summed from the INFO lines Cassandra 5.0 writes to
 * system.log:
 * <pre>
 * ... Completed flushing /.../ks/table-&lt;id&gt;/nb-3-big-Data.db (12.345MiB) for commitlog position ...
 * ... Compacted (&lt;id&gt;) 4 sstables to [/.../ks/table-&lt;id&gt;/nb-8-big,] to level=0.  50.1MiB to 48.2MiB (~96% of original) in 4,321ms. ...
 * </pre>
 * The log is the only place that has a compaction's duration (system.compaction_history has bytes
 * but no time), and the flushed Data.db sizes are the L0 SSTable sizes.
 */
final class ServerLogLines {

    private static final String SIZE = "([0-9.,]+)(B|KiB|MiB|GiB|TiB)";
    private static final Pattern FLUSHED = Pattern.compile("Completed flushing (\\S+) \\(" + SIZE + "\\)");
    private static final Pattern COMPACTED = Pattern.compile("Compacted \\(.*?\\] to level=\\d+\\.\\s+" + SIZE
            + " to " + SIZE + " \\(.*?\\) in ([0-9,]+)ms");

    int flushes;
    /** Uncompressed: the flush line logs the writer's data position, not the compressed file size. */
    long flushedBytes;
    final List<String> flushedFiles = new ArrayList<>();
    /** Summed on-disk size of the flushed Data.db files, where known (see DataFileSizes). */
    long flushedDiskBytes;
    int flushedDiskFiles;
    int compactions;
    long compactedBytesIn;
    long compactedBytesOut;
    long compactionMillis;

    static ServerLogLines of(List<String> lines, String keyspace, String table) {
        String tableDir = "/" + keyspace + "/" + table + "-";
        ServerLogLines sum = new ServerLogLines();
        for (String line : lines) {
            if (!line.contains(tableDir)) {
                continue;
            }
            Matcher f = FLUSHED.matcher(line);
            if (f.find()) {
                sum.flushes++;
                sum.flushedBytes += bytes(f.group(2), f.group(3));
                sum.flushedFiles.add(f.group(1));
                continue;
            }
            Matcher c = COMPACTED.matcher(line);
            if (c.find()) {
                sum.compactions++;
                sum.compactedBytesIn += bytes(c.group(1), c.group(2));
                sum.compactedBytesOut += bytes(c.group(3), c.group(4));
                sum.compactionMillis += Long.parseLong(c.group(5).replace(",", ""));
            }
        }
        return sum;
    }

    /** Mean uncompressed size of a flush, in bytes; NaN without flushes. */
    double meanFlushBytes() {
        return flushes == 0 ? Double.NaN : (double) flushedBytes / flushes;
    }

    /** Adds the on-disk sizes of the flushed files that {@code sizes} saw. */
    void measureFlushedFiles(DataFileSizes sizes) {
        for (String file : flushedFiles) {
            long size = sizes.sizeOf(file);
            if (size >= 0) {
                flushedDiskBytes += size;
                flushedDiskFiles++;
            }
        }
    }

    /** Mean on-disk size of a flushed (L0) Data.db, in bytes; NaN if none was measured. */
    double meanFlushDiskBytes() {
        return flushedDiskFiles == 0 ? Double.NaN : (double) flushedDiskBytes / flushedDiskFiles;
    }

    /** Input bytes (compressed, as on disk) per second of compaction; NaN without compactions. */
    double compactionBytesPerSecond() {
        return compactionMillis == 0 ? Double.NaN : compactedBytesIn / (compactionMillis / 1000.0);
    }

    static long bytes(String number, String unit) {
        double v = Double.parseDouble(number.replace(",", ""));
        switch (unit) {
            case "B":
                return (long) v;
            case "KiB":
                return (long) (v * 1024);
            case "MiB":
                return (long) (v * 1024 * 1024);
            case "GiB":
                return (long) (v * 1024 * 1024 * 1024);
            default:
                return (long) (v * 1024 * 1024 * 1024 * 1024);
        }
    }

    @Override
    public String toString() {
        String onDisk = flushedDiskFiles == 0 ? ""
                : String.format(Locale.ROOT, " (%d measured on disk: %.2f MiB)", flushedDiskFiles, flushedDiskBytes / 1048576.0);
        return String.format(Locale.ROOT, "%d flushes %.1f MiB uncompressed%s, %d compactions %.1f -> %.1f MiB in %.1f s",
                flushes, flushedBytes / 1048576.0, onDisk, compactions, compactedBytesIn / 1048576.0,
                compactedBytesOut / 1048576.0, compactionMillis / 1000.0);
    }
}
