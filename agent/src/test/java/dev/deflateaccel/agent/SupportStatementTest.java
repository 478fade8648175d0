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
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import dev.deflateaccel.bridge.engine.TestedLibraries;

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
        Map<String, List<String>> rows = tableRows(lines, expectedHeader.toString(), "the Cassandra x JDK table");
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

    /** The support page's library table says, per engine, what {@link TestedLibraries} says. */
    @Test
    void theSupportPageLibraryTableIsTheTestedLibrariesStatement() throws IOException {
        List<String> lines = Files.readAllLines(Paths.get("../docs/support.md"), StandardCharsets.UTF_8);
        Map<String, List<String>> rows = tableRows(lines,
                "| engine | library (Debian package) | builds tested | a build not tested is |", "the library table");
        assertEquals(TestedLibraries.ALL.size(), rows.size(), "one row per engine: " + rows.keySet());
        for (TestedLibraries.Library l : TestedLibraries.ALL) {
            assertEquals(Arrays.asList(l.library, String.join(", ", l.builds), l.otherVersions), rows.get(l.engine),
                    "docs/support.md row for " + l.engine);
        }
    }

    /** The rows of the page's table under {@code header}, by first cell; each row's other cells, trimmed. */
    private static Map<String, List<String>> tableRows(List<String> lines, String header, String what) {
        int at = lines.indexOf(header);
        assertTrue(at >= 0, "the page lacks " + what + " (" + header + ")");
        Map<String, List<String>> rows = new TreeMap<>();
        for (int i = at + 2; i < lines.size() && lines.get(i).startsWith("|"); i++) {
            List<String> cells = new ArrayList<>();
            for (String c : lines.get(i).split("\\|")) {
                if (!isBlank(c)) {
                    cells.add(c.trim());
                }
            }
            rows.put(cells.get(0), cells.subList(1, cells.size()));
        }
        return rows;
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
