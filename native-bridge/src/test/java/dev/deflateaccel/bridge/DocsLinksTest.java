package dev.deflateaccel.bridge;

import static dev.deflateaccel.bridge.Backports.setOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The README is a front page that links into docs/, and the docs link to each other and to the
 * reports and scripts they cite: every relative link in README.md and docs/*.md must lead to a
 * file that exists, and a link with a #fragment to a heading of that file (GitHub's anchors).
 * Links with a scheme (https:, mailto:) are not followed.
 */
class DocsLinksTest {
    private static final Path ROOT = Paths.get("..").toAbsolutePath().normalize();
    /** {@code [text](target)} or {@code ![alt](target)}; the text may span lines. */
    private static final Pattern LINK = Pattern.compile("\\[[^\\]]*\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
    private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*:");
    private static final Pattern FENCE = Pattern.compile("(?ms)^```.*?^```[^\\n]*$");
    private static final Pattern CODE_SPAN = Pattern.compile("`[^`\\n]*`");
    private static final Pattern HEADING = Pattern.compile("^#{1,6} +(.*?) *#*$");

    private static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>();
        pages.add(ROOT.resolve("README.md"));
        try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
            pages.addAll(docs.filter(p -> p.toString().endsWith(".md")).sorted().collect(Collectors.toList()));
        }
        return pages;
    }

    private static String read(Path p) throws IOException {
        return new String(Files.readAllBytes(p), StandardCharsets.UTF_8);
    }

    /** The targets of a page's links, outside code blocks and code spans, as written. */
    static List<String> links(String markdown) {
        String text = CODE_SPAN.matcher(FENCE.matcher(markdown).replaceAll("")).replaceAll("");
        List<String> links = new ArrayList<>();
        Matcher m = LINK.matcher(text);
        while (m.find()) {
            links.add(m.group(1));
        }
        return links;
    }

    /** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces to hyphens, -1, -2 for repeats. */
    static Set<String> anchors(String markdown) {
        String text = FENCE.matcher(markdown).replaceAll("");
        Set<String> anchors = new HashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        for (String line : text.split("\n")) {
            Matcher m = HEADING.matcher(line);
            if (!m.matches()) {
                continue;
            }
            String slug = m.group(1).toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
            int n = seen.merge(slug, 1, Integer::sum) - 1;
            anchors.add(n == 0 ? slug : slug + "-" + n);
        }
        return anchors;
    }

    @Test
    void everyRelativeLinkLeadsToAFileAndHeadingThatExist() throws IOException {
        List<String> broken = new ArrayList<>();
        int checked = 0;
        for (Path page : pages()) {
            for (String link : links(read(page))) {
                if (SCHEME.matcher(link).find()) {
                    continue;
                }
                checked++;
                int hash = link.indexOf('#');
                String path = hash < 0 ? link : link.substring(0, hash);
                String fragment = hash < 0 ? "" : link.substring(hash + 1);
                Path target = path.isEmpty() ? page : page.getParent().resolve(path).normalize();
                String where = ROOT.relativize(page) + ": " + link;
                if (!target.startsWith(ROOT) || !Files.exists(target)) {
                    broken.add(where + " (no such file)");
                } else if (!fragment.isEmpty()
                        && !(target.toString().endsWith(".md") && anchors(read(target)).contains(fragment))) {
                    broken.add(where + " (no such heading in " + ROOT.relativize(target) + ")");
                }
            }
        }
        assertTrue(checked > 20, "only " + checked + " relative links found; is the link pattern still right?");
        assertEquals(Collections.emptyList(), broken, "broken relative links");
    }

    @Test
    void theReadmeLinksToEveryDocsPage() throws IOException {
        Set<String> linked = links(read(ROOT.resolve("README.md"))).stream()
                .map(l -> l.contains("#") ? l.substring(0, l.indexOf('#')) : l)
                .collect(Collectors.toSet());
        List<Path> docs = pages().subList(1, pages().size());
        assertFalse(docs.isEmpty(), "no docs/*.md pages");
        for (Path doc : docs) {
            String relative = ROOT.relativize(doc).toString().replace('\\', '/');
            assertTrue(linked.contains(relative), "README.md does not link to " + relative);
        }
    }

    /** The parsing rules above, on a sample, so a broken pattern cannot pass the real check vacuously. */
    @Test
    void linksAndAnchorsAreReadAsGitHubReadsThem() {
        String sample = "# Memory and threads\n## Check\n## Check\n### `status` (JMX)\n"
                + "See [a\n  page](docs/x.md#check-1), ![img](a.png), `[not](a-link)`, [web](https://example.org).\n"
                + "```\n[not](either)\n# not a heading\n```\n";
        assertEquals(Arrays.asList("docs/x.md#check-1", "a.png", "https://example.org"), links(sample));
        assertEquals(setOf("memory-and-threads", "check", "check-1", "status-jmx"), anchors(sample));
    }
}
