package dev.deflateaccel.agent;

import static dev.deflateaccel.bridge.Backports.lines;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Runs one suite under one engine configuration in forked children until every case has run:
 * when a child crashes or hangs in a woven case, that case is recorded (with the JVM's fatal
 * error log and stderr), optionally re-run alone to see whether it crashes by itself, and a new
 * child runs everything again with that case skipped (in every version). A harness failure, or a
 * death outside the woven phase, stops at once. Then it compares stock and woven outcomes case by
 * case and builds the report: every difference, every crash, and the UnexpectedException count.
 */
final class ForkedSuiteRun {
    /** Raise to list every crashing case on a badly broken build; each crash costs a JVM start or two. */
    static final String MAX_CRASHES = "deflateaccel.forks.maxCrashes";
    /** Set to true to confirm, by bisection, which earlier case prepared a crash that does not happen alone. */
    static final String BISECT = "deflateaccel.forks.bisect";

    final String suite;
    final EngineConfig engine;
    final ChildLauncher launcher;
    final List<Crash> crashes = new ArrayList<>();
    final List<String> harnessFailures = new ArrayList<>();
    /** version TAB index -> outcomes, in case order. */
    final Map<String, CaseResult> cases = new TreeMap<>(ForkedSuiteRun::byVersionAndIndex);
    /** The fuzzer's differing cases, as the child printed them. */
    final List<CaseResult> reportedDifferences = new ArrayList<>();
    final Map<String, long[]> stats = new TreeMap<>();
    final List<String> summary = new ArrayList<>();
    final Map<String, Integer> stockCounts = new LinkedHashMap<>();
    long checked;
    long checkedDiffering;
    long servedByEngine;
    int children;
    long millis;
    boolean crashLimitReached;

    static final class CaseResult {
        String version;
        int index;
        String name;
        String stock;
        String woven;
        String servedBy;
    }

    static final class Crash {
        String version;
        String name;
        String death;
        String fatalErrorLog;
        String stderr;
        /** null when not tried. */
        Boolean reproducedAlone;
        String aloneDeath;
        /** Earlier cases of the same child that failed in native code. */
        List<String> suspects = new ArrayList<>();
        /** With bisection: the earlier case whose addition makes it crash, and whether that pair alone crashes. */
        String culprit;
        boolean culpritAlone;
    }

    private ForkedSuiteRun(String suite, EngineConfig engine, ChildLauncher launcher) {
        this.suite = suite;
        this.engine = engine;
        this.launcher = launcher;
    }

    static ForkedSuiteRun run(String suite, EngineConfig engine, long timeoutSeconds, int defaultMaxCrashes,
                              boolean isolateCrashes) {
        return run(ChildLauncher.host(), suite, engine, timeoutSeconds, defaultMaxCrashes, isolateCrashes);
    }

    /** The same, with children started by {@code launcher} (another JVM, another architecture). */
    static ForkedSuiteRun run(ChildLauncher launcher, String suite, EngineConfig engine, long timeoutSeconds,
                              int defaultMaxCrashes, boolean isolateCrashes) {
        ForkedSuiteRun run = new ForkedSuiteRun(suite, engine, launcher);
        int maxCrashes = Integer.getInteger(MAX_CRASHES, defaultMaxCrashes);
        Path base = launcher.outputDir().resolve(suite).resolve(engine.label());
        deleteRecursively(base);
        long start = System.nanoTime();
        Set<String> skip = new LinkedHashSet<>();
        Integer caseCount = null;
        for (int attempt = 1;; attempt++) {
            Path dir = base.resolve("child-" + attempt);
            List<String> args = run.args(dir, skip, caseCount);
            ForkedChild child = ForkedChild.run(run.launcher, dir, args, timeoutSeconds);
            run.children++;
            run.merge(child);
            if (caseCount == null && !run.stockCounts.isEmpty()) {
                caseCount = run.stockCounts.values().stream().max(Integer::compare).get();
            }
            if (child.fatal() != null) {
                run.harnessFailures.add("the child reported a harness failure: " + child.fatal() + "\n" + child.stderrTail(30));
                break;
            }
            if (child.completed()) {
                break;
            }
            String[] where = child.progress;
            if (where == null || !where[0].equals("woven")) {
                run.harnessFailures.add("the child died outside a woven case (" + child.death() + ", last progress "
                        + (where == null ? "none" : String.join(" ", where)) + ")\n" + child.fatalErrorLog() + "\n"
                        + child.stderrTail(30));
                break;
            }
            Crash crash = new Crash();
            crash.version = where[1];
            crash.name = where[3];
            crash.death = child.death();
            crash.fatalErrorLog = child.fatalErrorLog();
            crash.stderr = child.stderrTail(12);
            if (isolateCrashes && !child.timedOut) {
                ForkedChild a = run.only(base.resolve("child-" + attempt + "-alone"), caseCount, timeoutSeconds,
                        Arrays.asList(crash.name));
                crash.reproducedAlone = !a.completed();
                crash.aloneDeath = a.completed() ? "completed" : a.death();
                if (!crash.reproducedAlone) {
                    run.findCulprit(crash, child, base, attempt, caseCount, timeoutSeconds);
                }
            }
            run.crashes.add(crash);
            skip.add(crash.name);
            if (run.crashes.size() >= maxCrashes) {
                run.crashLimitReached = true;
                break;
            }
        }
        run.millis = (System.nanoTime() - start) / 1_000_000;
        return run;
    }

    /** A child that runs only the named cases (in case order). */
    private ForkedChild only(Path dir, Integer caseCount, long timeoutSeconds, List<String> names) {
        try {
            List<String> args = args(dir, Collections.emptySet(), caseCount);
            Path file = dir.resolve("only.txt");
            Files.write(file, names, StandardCharsets.UTF_8);
            args.add("--only-file=" + file);
            children++;
            return ForkedChild.run(launcher, dir, args, timeoutSeconds);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A crash that does not happen alone was prepared by an earlier case, typically a native
     * write outside a staging buffer that glibc notices only at a later malloc or free. The
     * suspects are the earlier cases of the same child that failed in native code (NATIVE_ERROR,
     * BAD_OUTPUT). With -Ddeflateaccel.forks.bisect=true the culprit is confirmed by bisecting the
     * cases that ran before the crash (about log2(n) more JVMs per crash): it is the case whose
     * addition to the prefix makes the crash happen.
     */
    private void findCulprit(Crash crash, ForkedChild child, Path base, int attempt, Integer caseCount,
                             long timeoutSeconds) {
        List<String> before = new ArrayList<>();
        for (String[] l : child.lines) {
            if (l[0].equals("WOVEN") && l[1].equals(crash.version)) {
                before.add(l[3]);
                if (l[5].contains("NATIVE_ERROR") || l[5].contains("BAD_OUTPUT")) {
                    crash.suspects.add(l[3]);
                }
            }
        }
        if (!Boolean.getBoolean(BISECT)) {
            return;
        }
        int crashing = before.size(); // all of them: the original run
        int passing = 0; // none: the run alone
        int probe = 0;
        while (crashing - passing > 1) {
            int k = (passing + crashing) / 2;
            List<String> names = new ArrayList<>(before.subList(0, k));
            names.add(crash.name);
            ForkedChild c = only(base.resolve("child-" + attempt + "-bisect-" + ++probe), caseCount, timeoutSeconds, names);
            if (!c.completed() && c.progress != null && c.progress[3].equals(crash.name)) {
                crashing = k;
            } else {
                passing = k;
            }
        }
        List<String> confirm = new ArrayList<>(Arrays.asList(before.get(crashing - 1), crash.name));
        crash.culprit = before.get(crashing - 1);
        crash.culpritAlone = !only(base.resolve("child-" + attempt + "-culprit"), caseCount, timeoutSeconds, confirm)
                .completed();
    }

    private List<String> args(Path dir, Set<String> skip, Integer caseCount) {
        try {
            Files.createDirectories(dir);
            List<String> args = new ArrayList<>(Arrays.asList("--suite=" + suite, "--engine=" + engine.label(),
                    "--progress=" + ForkedChild.progressFile(dir), "--work=" + dir));
            if (!skip.isEmpty()) {
                Path file = dir.resolve("skip.txt");
                Files.write(file, skip, StandardCharsets.UTF_8);
                args.add("--skip=" + file);
            }
            if (caseCount != null) {
                args.add("--cases=" + caseCount);
            }
            return args;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Later children re-run earlier cases with the same (deterministic) outcomes; the latest line wins. */
    private void merge(ForkedChild child) {
        boolean completed = child.completed();
        for (String[] l : child.lines) {
            switch (l[0]) {
                case "STOCK":
                    result(l[1], l[2], l[3]).stock = l[4];
                    break;
                case "WOVEN": {
                    CaseResult r = result(l[1], l[2], l[3]);
                    r.woven = l[4];
                    r.servedBy = l[5];
                    break;
                }
                case "DIFF": {
                    CaseResult r = new CaseResult();
                    r.version = l[1];
                    r.index = Integer.parseInt(l[2]);
                    r.name = l[3];
                    r.stock = l[4];
                    r.woven = l[5];
                    r.servedBy = l[6];
                    if (completed) {
                        reportedDifferences.add(r);
                    }
                    break;
                }
                case "COUNT":
                    stockCounts.putIfAbsent(l[1], Integer.parseInt(l[2]));
                    break;
                case "CHECKED":
                    if (completed) {
                        checked += Long.parseLong(l[2]);
                        checkedDiffering += Long.parseLong(l[3]);
                        servedByEngine += Long.parseLong(l[4]);
                    }
                    break;
                case "STAT": {
                    long[] s = stats.computeIfAbsent(l[1] + " " + l[2], k -> new long[3]);
                    s[0] += Long.parseLong(l[3]);
                    s[1] += Long.parseLong(l[4]);
                    s[2] += Long.parseLong(l[5]);
                    break;
                }
                case "SUMMARY":
                    if (completed) {
                        summary.add(l[1]);
                    }
                    break;
                default:
                    break;
            }
        }
    }

    private CaseResult result(String version, String index, String name) {
        return cases.computeIfAbsent(version + "\t" + index, k -> {
            CaseResult r = new CaseResult();
            r.version = version;
            r.index = Integer.parseInt(index);
            r.name = name;
            return r;
        });
    }

    private static int byVersionAndIndex(String a, String b) {
        String[] x = a.split("\t");
        String[] y = b.split("\t");
        int c = x[0].compareTo(y[0]);
        return c != 0 ? c : Integer.compare(Integer.parseInt(x[1]), Integer.parseInt(y[1]));
    }

    // ---------------------------------------------------------------- verdicts

    /** The operations, fallbacks and UnexpectedException fallbacks counted for "engine direction". */
    long[] stat(String engineName, String direction) {
        return stats.getOrDefault(engineName + " " + direction, new long[3]);
    }

    long unexpectedExceptions() {
        return stats.values().stream().mapToLong(s -> s[2]).sum();
    }

    /** Cases whose woven outcome differs from stock's (printed outcomes, or the fuzzer's reports). */
    List<CaseResult> differences() {
        List<CaseResult> d = new ArrayList<>(reportedDifferences);
        for (CaseResult r : cases.values()) {
            if (r.stock != null && r.woven != null && !r.stock.equals(r.woven)) {
                d.add(r);
            }
        }
        return d;
    }

    /**
     * Cases the woven class got right only by luck: an engine threw (UNEXPECTED_EXCEPTION), or
     * native code was called (NATIVE_ERROR, BAD_OUTPUT) with arguments stock rejects. Issue #8:
     * "No native or JDK zlib call is made with an offset or length that does not fit the real
     * array or buffer"; "What stock rejects, the bridge declines".
     */
    List<CaseResult> declinedTooLate() {
        List<CaseResult> late = new ArrayList<>();
        for (CaseResult r : cases.values()) {
            if (r.woven == null || r.servedBy == null || !r.stock.equals(r.woven)) {
                continue;
            }
            boolean stockRejected = r.stock.startsWith("threw ") && !r.stock.startsWith("threw java.io.IOException")
                    && !r.stock.startsWith("threw java.lang.InternalError");
            if (r.servedBy.contains("UNEXPECTED_EXCEPTION")
                    || (stockRejected && (r.servedBy.contains("NATIVE_ERROR") || r.servedBy.contains("BAD_OUTPUT")))) {
                late.add(r);
            }
        }
        return late;
    }

    /** Cases with a stock outcome and no woven one that no crash explains: a harness bug. */
    List<CaseResult> unexplainedMissing() {
        List<CaseResult> missing = new ArrayList<>();
        for (CaseResult r : cases.values()) {
            if (r.stock != null && r.woven == null && crashes.stream().noneMatch(c -> c.name.equals(r.name))
                    && !crashLimitReached) {
                missing.add(r);
            }
        }
        return missing;
    }

    boolean passed() {
        return harnessFailures.isEmpty() && crashes.isEmpty() && differences().isEmpty() && unexpectedExceptions() == 0
                && unexplainedMissing().isEmpty() && checkedDiffering == 0 && declinedTooLate().isEmpty();
    }

    /** The whole report: a headline, then every failure. Also written to target/issue8-forks/jdkNN. */
    String report() {
        StringBuilder sb = new StringBuilder();
        long stockOutcomes = cases.values().stream().filter(r -> r.stock != null).count();
        long wovenOutcomes = cases.values().stream().filter(r -> r.woven != null).count();
        List<CaseResult> differences = differences();
        sb.append(String.format("%s, engine %s: %s; %d differ from stock, %d crashed or hung the JVM%s, "
                        + "%d declined too late, UnexpectedException fallbacks %d; %d child JVM(s), %.1f s%n",
                suite, engine.label(),
                stockOutcomes > 0 ? stockOutcomes + " stock / " + wovenOutcomes + " woven outcomes compared"
                        : checked + " cases checked (" + servedByEngine + " served by the engine)",
                differences.size() + checkedDiffering - reportedDifferences.size(), crashes.size(),
                crashLimitReached ? " (limit reached: later cases not run; raise -D" + MAX_CRASHES + ")" : "",
                declinedTooLate().size(), unexpectedExceptions(), children, millis / 1000.0));
        for (String h : harnessFailures) {
            sb.append("HARNESS FAILURE: ").append(h).append('\n');
        }
        for (Crash c : crashes) {
            sb.append("CRASH   ").append(c.name).append(" [").append(c.version).append("]: ").append(c.death);
            if (c.reproducedAlone != null) {
                sb.append(c.reproducedAlone ? "; crashes alone too" : "; does NOT crash alone: an earlier case corrupted memory");
                if (c.culprit != null) {
                    sb.append("; bisection: it crashes once ").append(c.culprit).append(" has run before it")
                            .append(c.culpritAlone ? " (those two alone crash too)" : "");
                } else if (Boolean.FALSE.equals(c.reproducedAlone)) {
                    sb.append(c.suspects.isEmpty() ? "; no earlier case reported a native error"
                            : "; earlier cases with native errors: " + String.join(", ", c.suspects))
                            .append(" (confirm with -D" + BISECT + "=true)");
                }
            }
            sb.append('\n').append(indent(c.fatalErrorLog)).append(indent(c.stderr));
        }
        // The same result in several versions is one line, with the versions listed.
        for (Map.Entry<String, List<String>> e : foldVersions(differences, r -> r.name + "\t" + r.servedBy + "\t"
                + r.stock + "\t" + r.woven).entrySet()) {
            String[] f = e.getKey().split("\t", 4);
            sb.append("DIFFERS ").append(f[0]).append(" ").append(e.getValue()).append(", served by ").append(f[1])
                    .append("\n        stock: ").append(f[2]).append("\n        woven: ").append(f[3]).append('\n');
        }
        for (Map.Entry<String, List<String>> e : foldVersions(declinedTooLate(), r -> r.name + "\t" + r.servedBy + "\t"
                + r.stock).entrySet()) {
            String[] f = e.getKey().split("\t", 3);
            sb.append("LATE    ").append(f[0]).append(" ").append(e.getValue()).append(": same outcome as stock (")
                    .append(f[2]).append("), but ").append(f[1]).append('\n');
        }
        for (CaseResult r : unexplainedMissing()) {
            sb.append("MISSING ").append(r.name).append(" [").append(r.version).append("]: no woven outcome\n");
        }
        stats.forEach((k, s) -> {
            if (s[0] + s[1] > 0) {
                sb.append("  stats ").append(k).append(": operations ").append(s[0]).append(", fallbacks ").append(s[1])
                        .append(", unexpected exceptions ").append(s[2]).append('\n');
            }
        });
        for (String line : summary) {
            sb.append("  ").append(line).append('\n');
        }
        String text = sb.toString();
        try {
            Path file = launcher.outputDir().resolve(suite + "-" + engine.label() + ".txt");
            Files.createDirectories(file.getParent());
            Files.write(file, text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return text;
    }

    private static Map<String, List<String>> foldVersions(List<CaseResult> results,
                                                          java.util.function.Function<CaseResult, String> key) {
        Map<String, List<String>> folded = new LinkedHashMap<>();
        for (CaseResult r : results) {
            folded.computeIfAbsent(key.apply(r), k -> new ArrayList<>()).add(r.version);
        }
        return folded;
    }

    private static String indent(String text) {
        if (text == null || text.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder();
        lines(text).forEach(l -> sb.append("        ").append(l).append('\n'));
        return sb.toString();
    }

    private static void deleteRecursively(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
