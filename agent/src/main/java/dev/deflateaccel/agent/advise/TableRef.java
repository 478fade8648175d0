package dev.deflateaccel.agent.advise;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One table of the node: its keyspace and table folder name, and the folders that hold it, one per
 * data directory it has SSTables in (a node with several data_file_directories keeps one folder of
 * each table in each). A snapshot or the backups of a table, when asked for, is a table of its own.
 */
final class TableRef implements Comparable<TableRef> {
    final String keyspace;
    /** {@code <table>-<id>}, or the folder's name as given. */
    final String folderName;
    /** Null for live data; e.g. {@code snapshots/before-upgrade} or {@code backups}. */
    final String copy;
    private final List<Path> folders = new ArrayList<>();

    TableRef(String keyspace, String folderName, String copy) {
        this.keyspace = keyspace;
        this.folderName = folderName;
        this.copy = copy;
    }

    /** The table's name: its folder is {@code <table>-<32 hex digits of its id>}. */
    String table() {
        int dash = folderName.lastIndexOf('-');
        return dash > 0 && folderName.length() - dash - 1 == 32 ? folderName.substring(0, dash) : folderName;
    }

    /** {@code ks.table}, with the copy when it is one. */
    String name() {
        return keyspace + "." + table() + (copy == null ? "" : " (" + copy + ")");
    }

    void addFolder(Path folder) {
        if (!folders.contains(folder)) {
            folders.add(folder);
        }
    }

    List<Path> folders() {
        return Collections.unmodifiableList(folders);
    }

    String key() {
        return keyspace + "/" + folderName + (copy == null ? "" : "/" + copy);
    }

    @Override
    public int compareTo(TableRef o) {
        return key().compareTo(o.key());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TableRef && ((TableRef) o).key().equals(key());
    }

    @Override
    public int hashCode() {
        return key().hashCode();
    }

    @Override
    public String toString() {
        return name();
    }
}
