package dev.deflateaccel.harness;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Edits top-level keys of the stock cassandra.yaml as text, so the file keeps its comments and
 * stays recognisably the operator's file. A key's block is its {@code key:} line plus the
 * indented lines that follow it (seed_provider, commitlog_compression, ...).
 */
final class YamlEditor {

    private final List<String> lines;

    YamlEditor(List<String> lines) {
        this.lines = new ArrayList<>(lines);
    }

    List<String> lines() {
        return List.copyOf(lines);
    }

    /**
     * Sets {@code key} to {@code value}. A value with line breaks is a block: its lines go under
     * {@code key:} as given (already indented). Replaces the existing uncommented entry in place,
     * or appends the key when the stock file has it only commented out.
     */
    YamlEditor put(String key, String value) {
        List<String> entry = new ArrayList<>();
        if (value.contains("\n")) {
            entry.add(key + ":");
            for (String line : value.split("\n", -1)) {
                if (!line.isBlank()) {
                    entry.add(line);
                }
            }
        } else {
            entry.add(key + ": " + value);
        }
        int at = indexOf(key);
        if (at < 0) {
            lines.add("");
            lines.addAll(entry);
        } else {
            removeBlockAt(at);
            lines.addAll(at, entry);
        }
        return this;
    }

    /** Removes the key (used when a setting must fall back to its built-in default). */
    YamlEditor remove(String key) {
        int at = indexOf(key);
        if (at >= 0) {
            removeBlockAt(at);
        }
        return this;
    }

    private int indexOf(String key) {
        Pattern line = Pattern.compile("^" + Pattern.quote(key) + ":(\\s.*)?$");
        for (int i = 0; i < lines.size(); i++) {
            if (line.matcher(lines.get(i)).matches()) {
                return i;
            }
        }
        return -1;
    }

    private void removeBlockAt(int at) {
        lines.remove(at);
        while (at < lines.size() && (lines.get(at).startsWith(" ") || lines.get(at).startsWith("\t"))) {
            lines.remove(at);
        }
    }
}
