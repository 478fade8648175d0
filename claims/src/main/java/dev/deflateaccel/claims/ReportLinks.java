package dev.deflateaccel.claims;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The reports a piece of markdown names: its links to files under lab/results/ or
 * lab/node-results/ (a report, its .txt console record, or a derived file), resolved against the
 * folder of the page that holds them. A link is the convention because a reader can follow it.
 */
public final class ReportLinks {
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s#]+)(?:#[^)\\s]*)?\\)");

    private ReportLinks() {
    }

    public static Set<Path> in(String markdown, Path pageDir) {
        Set<Path> reports = new LinkedHashSet<>();
        Matcher m = LINK.matcher(markdown);
        while (m.find()) {
            Path target = pageDir.resolve(m.group(1)).normalize();
            String name = target.toString().replace('\\', '/');
            boolean inResults = name.contains("lab/results/") || name.contains("lab/node-results/");
            if (inResults && (name.endsWith(".md") || name.endsWith(".txt")) && Files.isRegularFile(target)) {
                reports.add(target);
            }
        }
        return reports;
    }
}
