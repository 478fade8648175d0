package dev.deflateaccel.bridge;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * docs/architecture.md is where a newcomer learns what the modules are and what each may depend
 * on, so its dependency graph must name every module the build has: each {@code <module>} of the
 * root pom and, for an aggregator such as cassandra-lib, each of its own modules as
 * {@code parent/child}. A module added to a pom without a line in the graph fails here.
 */
class ArchitectureDocTest {
    private static final Path ROOT = Paths.get("..").toAbsolutePath().normalize();
    private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");
    /** A graph line: the module's path in the first column, then its arrow or a parenthesis. */
    private static final Pattern GRAPH_LINE = Pattern.compile("(?m)^(\\S+)\\s+(?:──►|\\()");

    @Test
    void theGraphNamesEveryModuleOfEveryPom() throws IOException {
        String doc = read(ROOT.resolve("docs/architecture.md"));
        String graph = doc.substring(doc.indexOf("## Modules and their dependencies"));
        graph = graph.substring(graph.indexOf("```") + 3, graph.indexOf("```", graph.indexOf("```") + 3));
        List<String> named = new ArrayList<>();
        Matcher line = GRAPH_LINE.matcher(graph);
        while (line.find()) {
            named.add(line.group(1));
        }
        List<String> modules = modules(ROOT, "");
        assertTrue(modules.size() >= 12, "expected the root pom's and cassandra-lib's modules, found " + modules);
        for (String module : modules) {
            assertTrue(named.contains(module), "docs/architecture.md's module graph does not name " + module
                    + " (it names " + named + ")");
        }
    }

    /** Every module under {@code dir}, depth first, as paths from the root ("cassandra-lib/5.0"). */
    private static List<String> modules(Path root, String dir) throws IOException {
        List<String> found = new ArrayList<>();
        Matcher m = MODULE.matcher(read(root.resolve(dir).resolve("pom.xml")));
        while (m.find()) {
            String module = dir.isEmpty() ? m.group(1) : dir + "/" + m.group(1);
            found.add(module);
            found.addAll(modules(root, module));
        }
        return found;
    }

    private static String read(Path p) throws IOException {
        return new String(Files.readAllBytes(p), StandardCharsets.UTF_8);
    }
}
