package dev.deflateaccel.agent;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * What is supported, and what of it is tested here, per Cassandra line and JDK: the one statement
 * the doctor prints and that the README's table, the release README and the sample config are
 * checked against ({@code SupportStatementTest}). A change of what the build tests is a change
 * here first.
 */
final class SupportStatement {
    /** How a Cassandra line is tested on a JDK. */
    enum Tested {
        /** A stock node started by its bin/cassandra (the it module), and the class level below. */
        NODE_AND_CLASS("node and class level"),
        /** The agent woven into that release's real DeflateCompressor (the agent module's tests). */
        CLASS("class level"),
        /** The agent is compiled for it; no test runs on it here. */
        BUILT_FOR("built for, not tested here");

        final String text;

        Tested(String text) {
            this.text = text;
        }
    }

    static final List<String> LINES = Collections.unmodifiableList(Arrays.asList("4.0", "4.1", "5.0", "6.0-alpha"));
    static final List<Integer> JDKS = Collections.unmodifiableList(Arrays.asList(11, 17, 25));

    /** One paragraph, printed by the doctor and written as is in the release README and the sample config. */
    static final String SUMMARY = "Supported: Cassandra 4.0, 4.1, 5.0 and 6.0-alpha, on JDK 11 or later (not"
            + " Cassandra 4.x on Java 8). Tested here: 5.0 and 6.0-alpha as real nodes on JDK 17; every line at"
            + " class level on JDK 17 and 25; JDK 11 is built for, not tested.";

    private SupportStatement() {
    }

    static Tested cell(String line, int jdk) {
        if (!LINES.contains(line) || !JDKS.contains(jdk)) {
            throw new IllegalArgumentException("no such line or JDK: " + line + ", " + jdk);
        }
        if (jdk == 11) {
            return Tested.BUILT_FOR;
        }
        boolean node = jdk == 17 && (line.equals("5.0") || line.equals("6.0-alpha"));
        return node ? Tested.NODE_AND_CLASS : Tested.CLASS;
    }
}
