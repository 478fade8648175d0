package dev.deflateaccel.lab.tools;

import java.util.List;

/**
 * The one markdown writer of the lab's reports: the header every report starts with
 * ({@link ReportHeader}: command, date, machine, other processes' CPU), then warnings, the "how to
 * read" paragraph, the chart, sections, tables, lists and config blocks, each in the same form.
 */
public final class ReportWriter {
    private final StringBuilder md;

    public ReportWriter(ReportHeader header, String title) {
        this(header.render(title));
    }

    /** After a header of the report's own (the chunk benchmark's, older than {@link ReportHeader}). */
    public ReportWriter(String header) {
        md = new StringBuilder(header);
    }

    /** A quoted line above the numbers, e.g. "> **Not node-written data.** ...". */
    public ReportWriter warning(String text) {
        return raw("> " + text + "\n\n");
    }

    public ReportWriter paragraph(String text) {
        return raw(text + "\n\n");
    }

    public ReportWriter section(String title) {
        return raw("## " + title + "\n\n");
    }

    public ReportWriter table(MarkdownTable table) {
        return raw(table.render());
    }

    /** One list item; end a list with {@link #endList()}. */
    public ReportWriter item(String text) {
        return raw("- " + text.replace("\n", "\n  ") + "\n");
    }

    public ReportWriter endList() {
        return raw("\n");
    }

    /** A section holding one list, or nothing when there is nothing to list. */
    public ReportWriter list(String title, List<String> items) {
        if (!items.isEmpty()) {
            section(title);
            items.forEach(this::item);
            endList();
        }
        return this;
    }

    /** The chart, when one was drawn. */
    public ReportWriter image(String alt, String file) {
        return file == null ? this : paragraph("![" + alt + "](" + file + ")");
    }

    /** A caption and a fenced block, e.g. an agent config file. */
    public ReportWriter code(String caption, String text) {
        return raw(caption + ":\n\n```\n" + text + "```\n\n");
    }

    public ReportWriter raw(String text) {
        md.append(text);
        return this;
    }

    public String render() {
        return md.toString();
    }
}
