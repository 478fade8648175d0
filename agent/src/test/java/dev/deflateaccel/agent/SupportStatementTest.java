package dev.deflateaccel.agent;

import static dev.deflateaccel.bridge.Backports.isBlank;
import static dev.deflateaccel.bridge.Backports.lines;
import static dev.deflateaccel.bridge.Backports.utf8;
import static dev.deflateaccel.bridge.Backports.utf8PrintStream;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

/**
 * One support statement ({@link SupportStatement}): the README's Cassandra x JDK table, the release
 * README, the sample config and the doctor all say what it says, and the tested releases are the
 * build's.
 */
class SupportStatementTest {

    @Test
    void theReadmeTableHasOneRowPerLineAndEachCellSaysWhatIsTested() throws IOException {
        List<String> lines = Files.readAllLines(Paths.get("../README.md"), StandardCharsets.UTF_8);
        StringBuilder expectedHeader = new StringBuilder("| Cassandra (release tested) |");
        for (int jdk : SupportStatement.JDKS) {
            expectedHeader.append(" Java ").append(jdk).append(" |");
        }
        int header = lines.indexOf(expectedHeader.toString());
        assertTrue(header >= 0, "README lacks the Cassandra x JDK table");
        Map<String, List<String>> rows = new TreeMap<>();
        for (int i = header + 2; i < lines.size() && lines.get(i).startsWith("|"); i++) {
            List<String> cells = new ArrayList<>();
            for (String c : lines.get(i).split("\\|")) {
                if (!isBlank(c)) {
                    cells.add(c.trim());
                }
            }
            rows.put(cells.get(0), cells.subList(1, cells.size()));
        }
        assertEquals(SupportStatement.LINES.size(), rows.size(), "one row per supported line: " + rows.keySet());
        for (String line : SupportStatement.LINES) {
            String key = line + " (" + CassandraJars.line(line.replace("-alpha", "")) + ")";
            List<String> cells = rows.get(key);
            assertTrue(cells != null, "no README row " + key + " in " + rows.keySet());
            for (int j = 0; j < SupportStatement.JDKS.size(); j++) {
                assertEquals(SupportStatement.cell(line, SupportStatement.JDKS.get(j)).text, cells.get(j),
                        "README cell for Cassandra " + line + " on JDK " + SupportStatement.JDKS.get(j));
            }
        }
    }

    @Test
    void theReleaseReadmeAndTheSampleConfigCarryTheStatementWordForWord() throws IOException {
        assertTrue(joined(Paths.get("../dist/src/main/dist/README"), "").contains(SupportStatement.SUMMARY),
                "dist/src/main/dist/README must say: " + SupportStatement.SUMMARY);
        assertTrue(joined(Paths.get("../dist/src/main/dist/zlib-accel.conf.sample"), "# ").contains(SupportStatement.SUMMARY),
                "zlib-accel.conf.sample must say: " + SupportStatement.SUMMARY);
    }

    @Test
    void theDoctorPrintsIt() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new Doctor(utf8PrintStream(out)).run(Paths.get("/nonexistent/zlib-accel.conf"));
        assertTrue(lines(utf8(out)).anyMatch(SupportStatement.SUMMARY::equals), out.toString());
    }

    /** The file's lines, each without {@code prefix}, joined by single spaces (wrapping undone). */
    private static String joined(Path file, String prefix) throws IOException {
        return Files.readAllLines(file, StandardCharsets.UTF_8).stream()
                .map(l -> l.startsWith(prefix) ? l.substring(prefix.length()) : l)
                .map(String::trim)
                .collect(Collectors.joining(" "));
    }
}
