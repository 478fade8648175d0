package dev.deflateaccel.claims;

import java.util.ArrayList;
import java.util.List;

/**
 * A paragraph, list item or table of a markdown page: the unit a figure belongs to. A figure's
 * report is named in the same block; a table, or a paragraph indented under a list item, that
 * names none belongs to the block before it (a table's caption, the item it continues).
 */
public final class DocBlock {
    public final int firstLine;
    public final boolean table;
    /** Indented: it continues the list item above it. */
    public final boolean continuation;
    final List<String> lines = new ArrayList<>();

    DocBlock(int firstLine, boolean table, boolean continuation) {
        this.firstLine = firstLine;
        this.table = table;
        this.continuation = continuation;
    }

    public String text() {
        return String.join("\n", lines);
    }

    /**
     * Splits a page into blocks: a blank line, a heading, a list item at the margin or the start
     * or end of a table ends one. Fenced code is left out: commands are not figures.
     */
    public static List<DocBlock> of(String markdown) {
        List<DocBlock> blocks = new ArrayList<>();
        DocBlock current = null;
        boolean fenced = false;
        String[] lines = markdown.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            String trimmed = line.trim();
            if (trimmed.startsWith("```")) {
                fenced = !fenced;
                current = null;
                continue;
            }
            if (fenced || trimmed.isEmpty()) {
                current = null;
                continue;
            }
            boolean tableLine = trimmed.startsWith("|");
            boolean startsItem = line.matches("^(- |\\* |\\d+\\. ).*");
            if (current == null || line.startsWith("#") || startsItem || tableLine != current.table) {
                current = new DocBlock(i + 1, tableLine, line.startsWith(" ") && !startsItem);
                blocks.add(current);
            }
            current.lines.add(line);
        }
        return blocks;
    }
}
