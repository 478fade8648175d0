package dev.deflateaccel.it.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a Cassandra {@code jvm*.options} file the way {@code cassandra.in.sh} does:
 * {@code for opt in `grep "^-" $FILE`}, i.e. every line whose first character is {@code -},
 * split on white space. Indented or commented lines are ignored, exactly like the script.
 */
final class JvmOptionsFile {

    private JvmOptionsFile() {
    }

    static List<String> read(Path file) {
        try {
            return parse(Files.readAllLines(file));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read JVM options file " + file, e);
        }
    }

    static List<String> parse(List<String> lines) {
        List<String> options = new ArrayList<>();
        for (String line : lines) {
            if (!line.startsWith("-")) {
                continue;
            }
            for (String token : line.trim().split("\\s+")) {
                if (!token.isEmpty()) {
                    options.add(token);
                }
            }
        }
        return options;
    }
}
