package dev.deflateaccel.lab.flush;

import static dev.deflateaccel.lab.tools.ValueKind.absolutePath;
import static dev.deflateaccel.lab.tools.ValueKind.integer;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.deflateaccel.lab.RepoLayout;
import dev.deflateaccel.lab.tools.MarkdownTable;
import dev.deflateaccel.lab.tools.OptionTable;
import dev.deflateaccel.lab.tools.ProgramOptions;
import dev.deflateaccel.lab.tools.ReportDataFile;
import dev.deflateaccel.lab.tools.ReportHeader;
import dev.deflateaccel.lab.tools.ReportWriter;
import dev.deflateaccel.lab.tools.Spread;

/**
 * Issue 37: does this machine's disk stall every I/O while it flushes, for longer the more was
 * written since the previous flush? A trace of a 6.0 node (JFR's file events) showed the fast
 * codec's worst read seconds as moments in which every read in flight, and the compaction's own
 * direct read or write, completed at the same instant after 50-150 ms, one of them an fsync. This
 * probe asks the disk alone, without Cassandra: fio reads 16 KiB blocks at random, 1,000 a second,
 * O_DIRECT (no page cache to hide the disk), beside a compaction's sequential direct read and an
 * appending direct write, at stock's and at igzip 1's pace (the node's disk MB/s in report
 * 20261205-113710), with an fsync after every N MiB written: as much as that pace writes in 10 s
 * (the node's hints writer syncs every 10 s, and each sync flushes the disk: report
 * 20261205-144248-io-stalls), 10 MiB (trickle_fsync_interval's default), or none.
 */
public final class FlushStallProbe {
    private static final String TAG = "flush-stall";
    private static final int BLOCK_KIB = 64;

    /** One setting: the compaction's pace (MB/s read and written) and the MiB written between fsyncs (0: none). */
    static final class Step {
        final String name;
        final int readMBps;
        final int writeMBps;
        final int flushEveryMiB;

        Step(String name, int readMBps, int writeMBps, int flushEveryMiB) {
            this.name = name;
            this.readMBps = readMBps;
            this.writeMBps = writeMBps;
            this.flushEveryMiB = flushEveryMiB;
        }

        String flushLabel() {
            return flushEveryMiB == 0 ? "none" : "every " + flushEveryMiB + " MiB";
        }
    }

    /** Stock's and igzip 1's unthrottled pace in report 20261205-113710 (node disk read / write MB/s, rounded). */
    static final List<Step> STEPS = List.of(
            new Step("stock's pace, fsync per 10 s of its writes", 13, 6, 60),
            new Step("igzip 1's pace, fsync per 10 s of its writes", 32, 18, 180),
            new Step("igzip 1's pace, fsync every 10 MiB", 32, 18, 10),
            new Step("igzip 1's pace, no fsync", 32, 18, 0));

    static final class Options {
        int seconds;
        int repetitions;
        Path dir = RepoLayout.repoRoot().resolve("lab/target/flush-probe");
        Path resultsDir = RepoLayout.resultsDir();
    }

    private static final OptionTable<Options> OPTIONS = new OptionTable<Options>(
            "usage: lab/run-flush-stall-bench.sh [options] (needs fio, Debian's package fio)")
            .option("--seconds S", integer(5, 3600), "30", "seconds per step", (o, v) -> o.seconds = v)
            .option("--repetitions R", integer(1, 100), "3", "repetitions, step order rotated",
                    (o, v) -> o.repetitions = v)
            .option("--dir DIR", absolutePath(), null, "where the probe's files go: on the filesystem of the node's "
                    + "data (default lab/target/flush-probe)", (o, v) -> o.dir = v)
            .option("--results DIR", absolutePath(), null, "where the report goes (default lab/results)",
                    (o, v) -> o.resultsDir = v);

    /** One step's outcome: the random reads' latencies and the fsyncs' times, ms. */
    static final class Outcome {
        double readP99;
        double readP999;
        double readMax;
        long readsOver10Ms;
        double compactionIoMax;
        double fsyncMedian;
        double fsyncMax;
        long fsyncs;
    }

    public static void main(String[] args) throws Exception {
        Options o = ProgramOptions.parse(TAG, args, OPTIONS.usage(), a -> {
            Options parsed = new Options();
            OPTIONS.parse(a, parsed);
            return parsed;
        });
        if (o == null) {
            return;
        }
        ReportHeader header = new ReportHeader(FlushStallProbe.class, args);
        header.put("Filesystem of " + o.dir, mountOf(o.dir));
        header.printStart(TAG);
        Files.createDirectories(o.dir);
        Map<Step, List<Outcome>> outcomes = new LinkedHashMap<>();
        STEPS.forEach(s -> outcomes.put(s, new ArrayList<>()));
        try {
            prepare(o.dir);
        } catch (IllegalStateException e) {
            ProgramOptions.exitOnUsageProblem(TAG, e.getMessage()); // no fio: one line naming the package
        }
        try {
            for (int r = 0; r < o.repetitions; r++) {
                for (int i = 0; i < STEPS.size(); i++) {
                    Step step = STEPS.get((i + r) % STEPS.size()); // rotated, so no step always follows another
                    System.out.printf(Locale.ROOT, "[%s] repetition %d: %s%n", TAG, r + 1, step.name);
                    outcomes.get(step).add(run(step, o));
                }
            }
        } finally {
            for (String f : new String[] {"random.dat", "input.dat", "output.dat"}) {
                Files.deleteIfExists(o.dir.resolve(f));
            }
        }
        Path md = o.resultsDir.resolve(header.stamp() + "-flush-stall.md");
        Files.createDirectories(o.resultsDir);
        String text = report(header, o, outcomes);
        ReportDataFile.write(md, text);
        System.out.println(text);
        System.out.println("[" + TAG + "] report: " + md);
    }

    /** The files the reads and the compaction's read work on, written once and synced before any step. */
    private static void prepare(Path dir) throws IOException, InterruptedException {
        fio(dir, List.of("--name=prepare-random", "--filename=random.dat", "--size=1G", "--rw=write", "--bs=1M",
                "--direct=1", "--end_fsync=1"));
        fio(dir, List.of("--name=prepare-input", "--filename=input.dat", "--size=1G", "--rw=write", "--bs=1M",
                "--direct=1", "--end_fsync=1"));
    }

    private static Outcome run(Step step, Options o) throws IOException, InterruptedException {
        // The previous step's output was deleted; let the journal commit (and any discard) pass first.
        TimeUnit.SECONDS.sleep(6);
        List<String> a = new ArrayList<>(List.of("--time_based", "--runtime=" + o.seconds, "--output-format=json",
                "--name=reads", "--filename=random.dat", "--rw=randread", "--bs=16k", "--direct=1",
                "--rate_iops=1000", "--write_lat_log=reads", "--log_avg_msec=0",
                "--name=compaction-read", "--filename=input.dat", "--rw=read", "--bs=" + BLOCK_KIB + "k",
                "--direct=1", "--rate=" + step.readMBps + "m",
                "--name=compaction-write", "--filename=output.dat", "--size=4G", "--rw=write",
                "--bs=" + BLOCK_KIB + "k", "--direct=1", "--fallocate=none", "--unlink=1",
                "--rate=," + step.writeMBps + "m"));
        if (step.flushEveryMiB > 0) {
            a.add("--fsync=" + step.flushEveryMiB * 1024 / BLOCK_KIB); // fio counts writes between fsyncs
        }
        JsonNode jobs = new ObjectMapper().readTree(fio(o.dir, a)).get("jobs");
        Outcome out = new Outcome();
        for (JsonNode job : jobs) {
            String name = job.get("jobname").asText();
            if (name.equals("reads")) {
                JsonNode clat = job.get("read").get("clat_ns");
                out.readP99 = clat.get("percentile").get("99.000000").asDouble() / 1e6;
                out.readP999 = clat.get("percentile").get("99.900000").asDouble() / 1e6;
                out.readMax = clat.get("max").asDouble() / 1e6;
            } else {
                JsonNode io = job.get(name.equals("compaction-read") ? "read" : "write");
                out.compactionIoMax = Math.max(out.compactionIoMax, io.get("clat_ns").get("max").asDouble() / 1e6);
                JsonNode sync = job.get("sync");
                if (sync != null && sync.get("total_ios").asLong() > 0) {
                    out.fsyncs = sync.get("total_ios").asLong();
                    out.fsyncMedian = sync.get("lat_ns").get("percentile").get("50.000000").asDouble() / 1e6;
                    out.fsyncMax = sync.get("lat_ns").get("max").asDouble() / 1e6;
                }
            }
        }
        out.readsOver10Ms = readsOver(o.dir.resolve("reads_clat.1.log"), 10e6);
        for (String log : new String[] {"reads_clat.1.log", "reads_lat.1.log", "reads_slat.1.log"}) {
            Files.deleteIfExists(o.dir.resolve(log));
        }
        return out;
    }

    /** Reads in fio's per-I/O latency log (time ms, latency ns, ...) slower than the bound. */
    static long readsOver(Path log, double boundNanos) throws IOException {
        try (var lines = Files.lines(log)) {
            return lines.map(l -> l.split(",")).filter(f -> f.length > 1)
                    .filter(f -> Double.parseDouble(f[1].trim()) > boundNanos).count();
        }
    }

    private static String fio(Path dir, List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add("fio");
        command.addAll(args);
        Process p;
        try {
            p = new ProcessBuilder(command).directory(dir.toFile()).redirectError(ProcessBuilder.Redirect.INHERIT)
                    .start();
        } catch (IOException e) {
            throw new IllegalStateException("fio is not installed: apt-get install fio (Debian's package fio)", e);
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new IllegalStateException("fio " + String.join(" ", args) + " failed: " + out);
        }
        return out;
    }

    /** The mount line of the filesystem holding dir: its type and options (discard, commit=...) matter here. */
    private static String mountOf(Path dir) throws IOException {
        Path real = dir.toAbsolutePath();
        String best = "unknown";
        int bestLength = -1;
        for (String line : Files.readAllLines(Path.of("/proc/mounts"))) {
            String[] f = line.split(" ");
            if (f.length > 3 && real.startsWith(f[1]) && f[1].length() > bestLength) {
                bestLength = f[1].length();
                best = f[0] + " on " + f[1] + ", " + f[2] + " (" + f[3] + ")";
            }
        }
        return best;
    }

    private static String report(ReportHeader header, Options o, Map<Step, List<Outcome>> outcomes) {
        MarkdownTable t = new MarkdownTable("step", "compaction read / write MB/s", "fsync", "fsyncs",
                "fsync ms, median", "fsync ms, max", "random read p99 ms", "random read p99.9 ms",
                "random read max ms", "random reads over 10 ms", "compaction I/O max ms");
        outcomes.forEach((s, list) -> t.row(s.name, s.readMBps + " / " + s.writeMBps, s.flushLabel(),
                spread(list, x -> x.fsyncs, "%.0f"), spread(list, x -> x.fsyncMedian, "%.1f"),
                spread(list, x -> x.fsyncMax, "%.1f"), spread(list, x -> x.readP99, "%.2f"),
                spread(list, x -> x.readP999, "%.2f"), spread(list, x -> x.readMax, "%.1f"),
                spread(list, x -> x.readsOver10Ms, "%.0f"), spread(list, x -> x.compactionIoMax, "%.1f")));
        return new ReportWriter(header, "deflate-accel: does the disk stall every I/O while it flushes?")
                .paragraph(String.format(Locale.ROOT, "%d s per step, %d repetitions, step order rotated; "
                        + "median (min-max) over the repetitions.", o.seconds, o.repetitions))
                .table(t)
                .section("How measured")
                .item("fio, three jobs at once on the filesystem above: random reads of 16 KiB at 1,000 a second "
                        + "from a 1 GiB file (one thread, O_DIRECT: every read goes to the disk); the compaction's "
                        + "sequential read of another 1 GiB file and its appending write of a new file (64 KiB "
                        + "blocks, O_DIRECT, at the step's MB/s), with an fsync after every N MiB written.")
                .item("The paces: the node's disk read and write MB/s during an unthrottled compaction of stock "
                        + "Deflate and of igzip 1 (6.0, direct I/O for compaction) in report 20261205-113710; "
                        + "per 10 s of writes: what that pace writes between two syncs of Cassandra's hints writer, "
                        + "which syncs every 10 s (hints_flush_period), each sync flushing the disk, the compaction's "
                        + "direct writes included (report 20261205-144248-io-stalls); 10 MiB: Cassandra's "
                        + "trickle_fsync_interval default.")
                .item("random read latency: fio's completion latency of each read; reads over 10 ms from its "
                        + "per-read log. fsync ms: fio's sync latency. Compaction I/O max: the slowest read or "
                        + "write of the compaction's two jobs.")
                .endList()
                .render();
    }

    private static String spread(List<Outcome> list, ToDoubleFunction<Outcome> f, String format) {
        return Spread.of(list.stream().mapToDouble(f).toArray()).format(format);
    }
}
