package dev.deflateaccel.lab.node;

import static dev.deflateaccel.lab.tools.ValueKind.absolutePath;
import static dev.deflateaccel.lab.tools.ValueKind.number;
import static dev.deflateaccel.lab.tools.ValueKind.text;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

import dev.deflateaccel.lab.tools.MarkdownTable;
import dev.deflateaccel.lab.tools.OptionTable;
import dev.deflateaccel.lab.tools.ProgramOptions;
import dev.deflateaccel.lab.tools.ReportDataFile;
import dev.deflateaccel.lab.tools.ReportHeader;
import dev.deflateaccel.lab.tools.ReportWriter;
import dev.deflateaccel.lab.tools.Spread;

/**
 * Issue 37: the node's I/O stalls, found in the JFR recordings of a {@code --compaction-reads --jfr}
 * run. A stall is a moment at which at least {@value #MIN_IOS} of the node's file reads, writes or
 * fsyncs that each took {@value #SLOW_MS} ms or more completed within {@value #SAME_INSTANT_MS} ms
 * of each other: I/Os that started at different times and ended together waited for the same thing,
 * the disk, not for their own work. For each stall the report says whether the compaction's own I/O
 * and an fsync were among them. JFR records file I/O of 10 ms or more (settings=profile); an fsync
 * Cassandra makes through JNA (SyncUtil on a file descriptor) or msync is not a JFR event, so a stall
 * without an fsync in it may still follow one: given perf's trace of the same run
 * ({@link DeviceFlushes}), the report also matches each stall with the disk flush that ended with it.
 * lab/run-io-stall-trace.sh records both and runs this.
 *
 * Usage: java -cp lab/target/deflate-accel-lab.jar dev.deflateaccel.lab.node.JfrIoStalls --recordings DIR
 * --recorded-by "COMMAND" --out REPORT.md [--perf-script FILE --realtime-minus-mono-ms MS]
 */
public final class JfrIoStalls {
    static final int MIN_IOS = 3;
    static final double SLOW_MS = 20;
    static final double SAME_INSTANT_MS = 15;

    /** One file I/O of the node, as JFR recorded it. */
    static final class Io {
        final Instant end;
        final double millis;
        final String kind;
        final String thread;

        Io(Instant end, double millis, String kind, String thread) {
            this.end = end;
            this.millis = millis;
            this.kind = kind;
            this.thread = thread;
        }

        boolean compaction() {
            return thread.startsWith("CompactionExecutor");
        }
    }

    /** I/Os that ended together. */
    static final class Stall {
        final List<Io> ios = new ArrayList<>();

        double longestMillis() {
            return ios.stream().mapToDouble(i -> i.millis).max().orElse(0);
        }

        Instant end() {
            return ios.get(ios.size() - 1).end;
        }

        boolean has(String kind) {
            return ios.stream().anyMatch(i -> i.kind.equals(kind));
        }
    }

    /** A stretch in which a CompactionExecutor thread ran: its samples less than MAX_GAP apart. */
    static final class Window {
        final Instant start;
        Instant end;

        Window(Instant at) {
            start = at;
            end = at;
        }

        double seconds() {
            return (end.toEpochMilli() - start.toEpochMilli()) / 1e3;
        }

        boolean holds(Instant t) {
            return !t.isBefore(start) && !t.isAfter(end);
        }
    }

    static final long MAX_GAP_MS = 2000;
    static final double MIN_WINDOW_S = 8;

    /** The command line, through the lab's OptionTable: a missing or bad value is refused naming the option. */
    static final class Options {
        String recordedBy;
        Path out;
        Path recordings;
        Path perfScript;
        double realtimeMinusMonoMs;

        static final OptionTable<Options> TABLE = new OptionTable<Options>("usage: JfrIoStalls --recordings DIR "
                + "--recorded-by COMMAND --out REPORT.md [--perf-script FILE --realtime-minus-mono-ms MS]")
                .option("--recordings DIR", absolutePath(), null, "the run's JFR recordings (every *.jfr in DIR)",
                        (o, v) -> o.recordings = v)
                .option("--recorded-by COMMAND", text(), null, "how the recordings were made, for the report",
                        (o, v) -> o.recordedBy = v)
                .option("--out REPORT.md", absolutePath(), null, "the report", (o, v) -> o.out = v)
                .option("--perf-script FILE", absolutePath(), null, "perf script's output of the same run "
                        + "(DeviceFlushes)", (o, v) -> o.perfScript = v)
                .option("--realtime-minus-mono-ms MS", number(-Double.MAX_VALUE, Double.MAX_VALUE), "0",
                        "the wall clock minus CLOCK_MONOTONIC when perf began", (o, v) -> o.realtimeMinusMonoMs = v);

        static Options parse(String[] args) {
            Options o = new Options();
            TABLE.parse(args, o);
            if (o.recordings == null || o.recordedBy == null || o.out == null) {
                throw new IllegalArgumentException("--recordings, --recorded-by and --out are needed");
            }
            return o;
        }

        /** The recordings in name order, so that a configuration's repetitions stand together. */
        List<Path> jfrFiles() throws IOException {
            try (Stream<Path> files = Files.list(recordings)) {
                List<Path> jfr = files.filter(f -> f.getFileName().toString().endsWith(".jfr")).sorted()
                        .collect(Collectors.toList());
                if (jfr.isEmpty()) {
                    throw new IllegalArgumentException("--recordings " + recordings + " holds no .jfr file");
                }
                return jfr;
            }
        }
    }

    public static void main(String[] args) throws IOException {
        Options o = ProgramOptions.parse("jfr-io-stalls", args, Options.TABLE.usage(), Options::parse);
        if (o == null) {
            return;
        }
        List<Path> recordings;
        try {
            recordings = o.jfrFiles();
        } catch (IllegalArgumentException | IOException e) {
            ProgramOptions.exitOnUsageProblem("jfr-io-stalls", e.getMessage());
            return;
        }
        ReportHeader header = new ReportHeader(JfrIoStalls.class, args);
        header.put("Recordings made by", "`" + o.recordedBy + "`");
        MarkdownTable summary = new MarkdownTable("recording", "compactions, s", "stalls in them",
                "I/Os in those stalls", "longest I/O in such a stall, ms", "of them with the compaction's own I/O",
                "of them with an fsync", "stalls outside compactions");
        MarkdownTable each = new MarkdownTable("recording", "ended at (UTC)", "in a compaction: s from its start",
                "I/Os", "longest ms", "reads / writes / fsyncs", "compaction's own I/O", "fsync by",
                "disk flush ending with it: ms, MiB written before it, asked by");
        List<DeviceFlushes.Flush> flushes = o.perfScript == null ? List.of()
                : readOrExit(o.perfScript, () -> DeviceFlushes.read(o.perfScript, o.realtimeMinusMonoMs));
        MarkdownTable flushTable = new MarkdownTable("recording", "compaction", "disk flushes", "ms, median (min-max)",
                "MiB written before each, median (min-max)", "asked by");
        DateTimeFormatter time = DateTimeFormatter.ofPattern("HH:mm:ss.SSS").withZone(ZoneOffset.UTC);
        for (Path recording : recordings) {
            String name = recording.getFileName().toString().replace(".jfr", "");
            List<RecordedEvent> events = readOrExit(recording, () -> RecordingFile.readAllEvents(recording));
            List<Stall> stalls = stalls(slowIos(events));
            List<Window> compactions = compactionWindows(events);
            List<Stall> during = new ArrayList<>();
            stalls.stream().filter(s -> windowOf(s, compactions) != null).forEach(during::add);
            summary.row(name, compactions.stream().map(w -> String.format(Locale.ROOT, "%.1f", w.seconds()))
                            .collect(Collectors.joining(", ")),
                    during.size(), during.stream().mapToInt(s -> s.ios.size()).sum(),
                    String.format(Locale.ROOT, "%.0f", during.stream().mapToDouble(Stall::longestMillis).max()
                            .orElse(0)),
                    during.stream().filter(s -> s.ios.stream().anyMatch(Io::compaction)).count(),
                    during.stream().filter(s -> s.has("fsync")).count(), stalls.size() - during.size());
            for (int c = 0; c < compactions.size(); c++) {
                Window w = compactions.get(c);
                List<DeviceFlushes.Flush> in = new ArrayList<>();
                flushes.stream().filter(f -> f.completed != null && w.holds(f.issued)).forEach(in::add);
                java.util.Map<String, Long> askers = new java.util.TreeMap<>();
                in.forEach(f -> askers.merge(threadGroup(f.askedBy), 1L, Long::sum));
                flushTable.row(name, String.format(Locale.ROOT, "%d (%.1f s)", c + 1, w.seconds()), in.size(),
                        Spread.of(in.stream().map(DeviceFlushes.Flush::millis).collect(Collectors.toList()))
                                .format("%.1f"),
                        Spread.of(in.stream().map(f -> f.bytesSincePrevious / 1048576.0).collect(Collectors.toList()))
                                .format("%.1f"),
                        askers.toString());
            }
            for (Stall s : stalls) {
                Window w = windowOf(s, compactions);
                DeviceFlushes.Flush ending = flushes.stream().filter(f -> f.completed != null
                        && Math.abs(f.completed.toEpochMilli() - s.end().toEpochMilli()) <= SAME_INSTANT_MS)
                        .findFirst().orElse(null);
                TreeSet<String> fsyncBy = new TreeSet<>();
                s.ios.stream().filter(i -> i.kind.equals("fsync")).forEach(i -> fsyncBy.add(threadGroup(i.thread)));
                each.row(name, time.format(s.end()), w == null ? "no"
                                : String.format(Locale.ROOT, "%.1f of %.1f",
                                (s.end().toEpochMilli() - w.start.toEpochMilli()) / 1e3, w.seconds()), s.ios.size(),
                        String.format(Locale.ROOT, "%.0f", s.longestMillis()),
                        count(s, "read") + " / " + count(s, "write") + " / " + count(s, "fsync"),
                        s.ios.stream().anyMatch(Io::compaction) ? "yes" : "no",
                        fsyncBy.isEmpty() ? "-" : String.join(", ", fsyncBy), ending == null ? "-"
                                : String.format(Locale.ROOT, "%.1f, %.1f, %s", ending.millis(),
                                ending.bytesSincePrevious / 1048576.0, ending.askedBy));
            }
        }
        String text = new ReportWriter(header, "deflate-accel: the node's I/O stalls, from its JFR recordings")
                .paragraph(String.format(Locale.ROOT, "A stall: at least %d file I/Os of the node (JFR's jdk.FileRead,"
                        + " jdk.FileWrite, jdk.FileForce), each of %.0f ms or more, that completed within %.0f ms of "
                        + "each other: I/Os that began at different moments and ended together waited for the "
                        + "same thing. JFR records file I/O from 10 ms (settings=profile); fsyncs Cassandra makes "
                        + "through JNA or msync are not JFR events. A compaction: a stretch in which JFR sampled a "
                        + "CompactionExecutor thread (executing or in native code) with no gap over %d s, of %.0f s or "
                        + "more.", MIN_IOS, SLOW_MS, SAME_INSTANT_MS, MAX_GAP_MS / 1000, MIN_WINDOW_S))
                .table(summary)
                .section("The disk's flushes in each compaction" + (o.perfScript == null ? ": not traced" : ""))
                .paragraph("From perf's trace of the block layer and the sync calls (DeviceFlushes): a flush lasts from "
                        + "its issue to the next flush completion (the block layer merges flushes that wait together); "
                        + "MiB written: to the disk between the previous flush and this "
                        + "one; asked by: the thread whose fsync, fdatasync, msync or sync_file_range came within "
                        + DeviceFlushes.TRIGGER_WINDOW_MS + " ms before it, else the task that issued it.")
                .table(flushTable)
                .section("Each stall")
                .table(each)
                .render();
        ReportDataFile.write(o.out, text);
        System.out.println(text);
        System.out.println("[jfr-io-stalls] report: " + o.out);
    }

    private interface Reading<T> {
        T read() throws IOException;
    }

    /** A file that cannot be read (missing, unreadable, not a recording): one line naming it, exit 2. */
    private static <T> T readOrExit(Path file, Reading<T> reading) {
        try {
            return reading.read();
        } catch (IOException e) {
            ProgramOptions.exitOnUsageProblem("jfr-io-stalls", "cannot read " + file + ": " + e);
            throw new IllegalStateException(e); // not reached: exitOnUsageProblem exits
        }
    }

    private static long count(Stall s, String kind) {
        return s.ios.stream().filter(i -> i.kind.equals(kind)).count();
    }

    /** The thread's pool, without its number: SharedPool-Worker-12 -> SharedPool-Worker. */
    static String threadGroup(String thread) {
        return thread.replaceAll("[-:]?\\d+$", "");
    }

    static List<Io> slowIos(List<RecordedEvent> events) {
        List<Io> slow = new ArrayList<>();
        for (RecordedEvent e : events) {
            String type = e.getEventType().getName();
            String kind = type.equals("jdk.FileRead") ? "read" : type.equals("jdk.FileWrite") ? "write"
                    : type.equals("jdk.FileForce") ? "fsync" : null;
            double millis = e.getDuration().toNanos() / 1e6;
            if (kind != null && millis >= SLOW_MS && e.getThread() != null) {
                slow.add(new Io(e.getEndTime(), millis, kind, e.getThread().getJavaName()));
            }
        }
        slow.sort(Comparator.comparing(i -> i.end));
        return slow;
    }

    /**
     * When the compaction threads ran: JFR's execution and native-method samples of threads named
     * CompactionExecutor (the engines compress in native code), in stretches without a gap of
     * MAX_GAP_MS, of at least MIN_WINDOW_S (a system table's short compaction is not a window).
     */
    static List<Window> compactionWindows(List<RecordedEvent> events) {
        List<Instant> samples = new ArrayList<>();
        for (RecordedEvent e : events) {
            String type = e.getEventType().getName();
            if ((type.equals("jdk.ExecutionSample") || type.equals("jdk.NativeMethodSample"))
                    && e.getThread("sampledThread") != null
                    && e.getThread("sampledThread").getJavaName().startsWith("CompactionExecutor")) {
                samples.add(e.getStartTime());
            }
        }
        samples.sort(Comparator.naturalOrder());
        List<Window> windows = new ArrayList<>();
        Window current = null;
        for (Instant t : samples) {
            if (current == null || t.toEpochMilli() - current.end.toEpochMilli() > MAX_GAP_MS) {
                current = new Window(t);
                windows.add(current);
            }
            current.end = t;
        }
        windows.removeIf(w -> w.seconds() < MIN_WINDOW_S);
        return windows;
    }

    private static Window windowOf(Stall s, List<Window> windows) {
        return windows.stream().filter(w -> w.holds(s.end())).findFirst().orElse(null);
    }

    /** Groups I/Os whose ends lie within SAME_INSTANT_MS of the group's first end; keeps groups of MIN_IOS or more. */
    static List<Stall> stalls(List<Io> slowByEnd) {
        List<Stall> stalls = new ArrayList<>();
        Stall current = null;
        for (Io io : slowByEnd) {
            if (current == null
                    || io.end.toEpochMilli() - current.ios.get(0).end.toEpochMilli() > SAME_INSTANT_MS) {
                current = new Stall();
                stalls.add(current);
            }
            current.ios.add(io);
        }
        stalls.removeIf(s -> s.ios.size() < MIN_IOS);
        return stalls;
    }

    private JfrIoStalls() {
    }
}
