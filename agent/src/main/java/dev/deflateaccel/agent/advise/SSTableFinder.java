package dev.deflateaccel.agent.advise;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Turns the PATHs an operator gives into the node's tables and their SSTables: a data directory
 * ({@code /var/lib/cassandra/data}: keyspace folders, table folders below them), several of them (a
 * node's data_file_directories: the same table's folders in each are one table), a keyspace folder,
 * a table's folder, or one {@code *-Data.db}. Below a data directory, system keyspaces are left out,
 * and below a table folder its {@code snapshots} and {@code backups}, unless asked for: they are not
 * the user's live data. Only lists folders; opens no file.
 */
final class SSTableFinder {
    /** Cassandra 4.0 on names a table's folder {@code <table>-<32 hex digits of its id>}. */
    private static final Pattern TABLE_FOLDER = Pattern.compile(".+-[0-9a-f]{32}");

    /** What to search and how to list a folder (a seam for the tests of unreadable folders). */
    static final class Options {
        final boolean includeSystem;
        final boolean includeSnapshots;
        final Lister lister;

        Options(boolean includeSystem, boolean includeSnapshots, Lister lister) {
            this.includeSystem = includeSystem;
            this.includeSnapshots = includeSnapshots;
            this.lister = lister;
        }

        static Options defaults() {
            return new Options(false, false, Lister.FILES);
        }
    }

    interface Lister {
        Lister FILES = folder -> {
            List<Path> entries = new ArrayList<>();
            try (DirectoryStream<Path> s = Files.newDirectoryStream(folder)) {
                for (Path p : s) {
                    entries.add(p);
                }
            }
            entries.sort(null);
            return entries;
        };

        List<Path> list(Path folder) throws IOException;
    }

    /** The tables found, and what was left out on purpose (system keyspaces, snapshots). */
    static final class Found {
        final Map<TableRef, List<SSTable>> tables;
        final List<String> leftOut;

        Found(Map<TableRef, List<SSTable>> tables, List<String> leftOut) {
            this.tables = tables;
            this.leftOut = leftOut;
        }
    }

    private final Options options;
    private final InputProblems problems;
    private final Map<String, TableRef> refs = new TreeMap<>();
    private final Map<TableRef, TreeSet<SSTable>> byTable = new TreeMap<>();
    private final TreeSet<String> systemLeftOut = new TreeSet<>();
    private int copiesLeftOut;

    private SSTableFinder(Options options, InputProblems problems) {
        this.options = options;
        this.problems = problems;
    }

    /** With the defaults: the old entry point, by table. */
    static Map<TableRef, List<SSTable>> find(List<Path> paths, InputProblems problems) throws AdviseException {
        return find(paths, Options.defaults(), problems).tables;
    }

    /**
     * The SSTables by table. A PATH that holds none is a problem, and the other PATHs are still
     * searched; an exception, naming every PATH's problem, only when none holds any.
     */
    static Found find(List<Path> paths, Options options, InputProblems problems) throws AdviseException {
        SSTableFinder f = new SSTableFinder(options, problems);
        List<String> refused = new ArrayList<>();
        for (Path path : paths) {
            int before = f.byTable.size();
            try {
                f.search(path.toAbsolutePath().normalize());
            } catch (AdviseException e) {
                refused.add(e.getMessage());
                continue;
            }
            if (f.byTable.size() == before && !alreadyCounted(f, path)) {
                refused.add(path.toAbsolutePath().normalize() + " holds no user table's SSTables: no *-Data.db in it,"
                        + " in the table folders below it or in those of its keyspace folders" + f.leftOutSuffix()
                        + "; nothing advised from it");
            }
        }
        List<String> leftOut = f.leftOut();
        if (f.byTable.isEmpty()) {
            throw new AdviseException(String.join("\n", refused));
        }
        for (String r : refused) {
            problems.add(r);
        }
        Map<TableRef, List<SSTable>> result = new LinkedHashMap<>();
        for (Map.Entry<TableRef, TreeSet<SSTable>> e : f.byTable.entrySet()) {
            result.put(e.getKey(), new ArrayList<>(e.getValue()));
        }
        return new Found(result, leftOut);
    }

    /** A PATH whose tables another PATH already found (the same folder given twice). */
    private static boolean alreadyCounted(SSTableFinder f, Path path) {
        Path p = path.toAbsolutePath().normalize();
        for (TableRef r : f.byTable.keySet()) {
            for (Path folder : r.folders()) {
                if (folder.startsWith(p) || p.startsWith(folder)) {
                    return true;
                }
            }
        }
        return false;
    }

    private String leftOutSuffix() {
        return systemLeftOut.isEmpty() && copiesLeftOut == 0 ? "" : " but what was left out (" + String.join("; ",
                leftOut()) + ")";
    }

    private List<String> leftOut() {
        List<String> l = new ArrayList<>();
        if (!systemLeftOut.isEmpty()) {
            l.add("system keyspaces " + String.join(", ", systemLeftOut) + " (--include-system advises them)");
        }
        if (copiesLeftOut > 0) {
            l.add(copiesLeftOut + (copiesLeftOut == 1 ? " snapshots or backups folder" : " snapshots and backups folders")
                    + " (--include-snapshots advises them, each as a table of its own)");
        }
        return l;
    }

    private void search(Path p) throws AdviseException {
        if (Files.isRegularFile(p)) {
            SSTable s = SSTable.ofDataFile(p);
            if (s == null) {
                throw new AdviseException(p + " is not an SSTable's Data.db (a name like nb-1-big-Data.db)");
            }
            add(ref(p.getParent(), null), s);
        } else if (Files.isDirectory(p)) {
            List<Path> entries = list(p);
            if (entries == null) {
                throw new AdviseException("cannot list " + p);
            }
            if (isTableFolder(p, entries)) {
                table(p, entries);
            } else if (isKeyspaceFolder(entries)) {
                keyspace(p, entries);
            } else {
                for (Path ks : folders(entries)) {
                    String name = ks.getFileName().toString();
                    if (!options.includeSystem && isSystem(name)) {
                        systemLeftOut.add(name);
                        continue;
                    }
                    List<Path> tables = list(ks);
                    if (tables != null) {
                        keyspace(ks, tables);
                    }
                }
            }
        } else if (Files.exists(p, LinkOption.NOFOLLOW_LINKS) || Files.exists(p)) {
            throw new AdviseException(p + " is neither a folder nor a regular file");
        } else {
            throw new AdviseException(p + " does not exist");
        }
    }

    /** {@code system}, {@code system_schema}, {@code system_auth}, ...: Cassandra's own keyspaces all start so. */
    static boolean isSystem(String keyspace) {
        return keyspace.startsWith("system");
    }

    private static boolean isTableFolder(Path p, List<Path> entries) {
        return TABLE_FOLDER.matcher(p.getFileName().toString()).matches() || !dataFiles(entries).isEmpty();
    }

    private static boolean isKeyspaceFolder(List<Path> entries) {
        for (Path e : folders(entries)) {
            if (TABLE_FOLDER.matcher(e.getFileName().toString()).matches()) {
                return true;
            }
        }
        return false;
    }

    private void keyspace(Path ks, List<Path> entries) {
        for (Path t : folders(entries)) {
            List<Path> files = list(t);
            if (files != null) {
                table(t, files);
            }
        }
    }

    private void table(Path folder, List<Path> entries) {
        for (SSTable s : dataFiles(entries)) {
            add(ref(folder, null), s);
        }
        for (Path sub : subfolders(entries, true)) {
            String name = sub.getFileName().toString();
            if (!name.equals("snapshots") && !name.equals("backups")) {
                continue;
            }
            if (!options.includeSnapshots) {
                copiesLeftOut++;
                continue;
            }
            List<Path> inside = list(sub);
            if (inside == null) {
                continue;
            }
            if (name.equals("backups")) {
                for (SSTable s : dataFiles(inside)) {
                    add(ref(folder, "backups"), s);
                }
                continue;
            }
            for (Path snapshot : folders(inside)) {
                List<Path> files = list(snapshot);
                if (files != null) {
                    for (SSTable s : dataFiles(files)) {
                        add(ref(folder, "snapshots/" + snapshot.getFileName()), s);
                    }
                }
            }
        }
    }

    private TableRef ref(Path tableFolder, String copy) {
        Path parent = tableFolder.getParent();
        String keyspace = parent == null || parent.getFileName() == null ? "?" : parent.getFileName().toString();
        TableRef r = new TableRef(keyspace, tableFolder.getFileName() == null ? "?"
                : tableFolder.getFileName().toString(), copy);
        TableRef known = refs.get(r.key());
        if (known == null) {
            refs.put(r.key(), r);
            known = r;
        }
        known.addFolder(tableFolder);
        return known;
    }

    private void add(TableRef table, SSTable s) {
        TreeSet<SSTable> set = byTable.get(table);
        if (set == null) {
            set = new TreeSet<>();
            byTable.put(table, set);
        }
        set.add(s);
    }

    /** The folder's entries; null, with one problem line naming it, when it cannot be listed. */
    private List<Path> list(Path folder) {
        try {
            return options.lister.list(folder);
        } catch (IOException | RuntimeException e) {
            problems.add("cannot list " + folder + ": " + e + "; the tables in it were not advised, the rest were");
            return null;
        }
    }

    private static List<SSTable> dataFiles(List<Path> entries) {
        List<SSTable> found = new ArrayList<>();
        for (Path f : entries) {
            if (f.getFileName().toString().endsWith(SSTable.DATA) && Files.isRegularFile(f)) {
                SSTable s = SSTable.ofDataFile(f);
                if (s != null) {
                    found.add(s);
                }
            }
        }
        return found;
    }

    /** Subfolders, without snapshots, backups and hidden ones. */
    private static List<Path> folders(List<Path> entries) {
        return subfolders(entries, false);
    }

    private static List<Path> subfolders(List<Path> entries, boolean copies) {
        List<Path> found = new ArrayList<>();
        for (Path f : entries) {
            String name = f.getFileName().toString();
            boolean copy = name.equals("snapshots") || name.equals("backups");
            if (Files.isDirectory(f) && !name.startsWith(".") && copy == copies) {
                found.add(f);
            }
        }
        return found;
    }
}
