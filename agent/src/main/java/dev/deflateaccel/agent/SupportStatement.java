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
        /**
         * A stock node of that release started by its bin/cassandra on that JDK (the it module), and
         * the agent woven into that release's real DeflateCompressor on that JDK (the agent module).
         */
        NODE_AND_CLASS("node and class level"),
        /** Cassandra itself does not run that line on that JDK. */
        NOT_SUPPORTED_BY_CASSANDRA("not supported by Cassandra"),
        /**
         * A JDK no Cassandra release runs on yet: the agent woven into that release's real
         * DeflateCompressor on that JDK (the agent module's tests, run again on it), no node.
         */
        CLASS_ONLY("class level only");

        final String text;

        Tested(String text) {
            this.text = text;
        }
    }

    static final List<String> LINES = Collections.unmodifiableList(Arrays.asList("4.0", "4.1", "5.0", "6.0-alpha"));
    static final List<Integer> JDKS = Collections.unmodifiableList(Arrays.asList(8, 11, 17, 25));
    /** The JDK tested ahead of Cassandra, at class level only. */
    static final int AHEAD_OF_CASSANDRA = 25;

    /** One paragraph, printed by the doctor and written as is in the release README and the sample config. */
    static final String SUMMARY = "Supported: Cassandra 4.0 and 4.1 on Java 8 and 11, 5.0 and 6.0-alpha on Java 11"
            + " and 17. Tested here: each of these pairs as a real node started by its own bin/cassandra, and at"
            + " class level; every line also at class level on JDK 25, which no Cassandra supports yet.";

    private SupportStatement() {
    }

    static Tested cell(String line, int jdk) {
        if (!LINES.contains(line) || !JDKS.contains(jdk)) {
            throw new IllegalArgumentException("no such line or JDK: " + line + ", " + jdk);
        }
        if (jdk == AHEAD_OF_CASSANDRA) {
            return Tested.CLASS_ONLY;
        }
        boolean java8Line = line.startsWith("4.");
        boolean supported = jdk == 11 || (jdk == 8 && java8Line) || (jdk == 17 && !java8Line);
        return supported ? Tested.NODE_AND_CLASS : Tested.NOT_SUPPORTED_BY_CASSANDRA;
    }
}
