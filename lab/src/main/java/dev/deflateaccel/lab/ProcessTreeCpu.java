package dev.deflateaccel.lab;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * CPU time of a process and all its live descendants, from /proc/&lt;pid&gt;/stat: for each, its
 * own user and system time plus that of the children it has reaped (cutime, cstime). A child's
 * time thus counts once while it runs and once, in its parent's cutime, after it is reaped, so the
 * sum only grows. Linux only; callers treat an IOException as "unknown".
 */
final class ProcessTreeCpu {

    private ProcessTreeCpu() {
    }

    /** Clock ticks used by {@code root} and its descendants so far. */
    static long jiffies(long root) throws IOException {
        Map<Long, List<Long>> children = new HashMap<>();
        Map<Long, Long> ticks = new HashMap<>();
        try (DirectoryStream<Path> procs = Files.newDirectoryStream(Paths.get("/proc"), "[0-9]*")) {
            for (Path proc : procs) {
                String[] f = fieldsAfterName(proc.resolve("stat"));
                if (f == null) {
                    continue; // exited while we looked
                }
                long pid = Long.parseLong(proc.getFileName().toString());
                children.computeIfAbsent(Long.parseLong(f[1]), k -> new ArrayList<>()).add(pid);
                ticks.put(pid, Long.parseLong(f[11]) + Long.parseLong(f[12]) + Long.parseLong(f[13]) + Long.parseLong(f[14]));
            }
        }
        if (!ticks.containsKey(root)) {
            throw new IOException("no /proc/" + root + "/stat");
        }
        long sum = 0;
        Deque<Long> todo = new ArrayDeque<>(List.of(root));
        while (!todo.isEmpty()) {
            long pid = todo.pop();
            sum += ticks.getOrDefault(pid, 0L);
            todo.addAll(children.getOrDefault(pid, List.of()));
        }
        return sum;
    }

    /** Fields 3 onwards of a stat file (f[0] is the state, f[1] the parent pid), or null if it is gone. */
    private static String[] fieldsAfterName(Path stat) {
        try {
            String s = new String(Files.readAllBytes(stat));
            // The name (field 2) is in parentheses and may itself contain spaces or parentheses.
            return s.substring(s.lastIndexOf(')') + 2).trim().split("\\s+");
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
