package dev.deflateaccel.agent.advise;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Turns the PATHs an operator gives into SSTables, by table folder: a table's data folder (its
 * {@code *-Data.db} files; the {@code snapshots} and {@code backups} folders below it are not
 * live data and are left out), a keyspace folder (each table folder in it), or one
 * {@code *-Data.db}. Only lists folders; opens no file.
 */
final class SSTableFinder {
    private SSTableFinder() {
    }

    /**
     * The SSTables by table folder. A PATH that holds none is a problem, and the other PATHs are
     * still searched; an exception, naming every PATH's problem, only when none holds any.
     */
    static Map<Path, List<SSTable>> find(List<Path> paths, InputProblems problems) throws AdviseException {
        Map<Path, TreeSet<SSTable>> byTable = new TreeMap<>();
        List<String> refused = new ArrayList<>();
        for (Path path : paths) {
            try {
                search(path, byTable);
            } catch (AdviseException e) {
                refused.add(e.getMessage());
            }
        }
        if (byTable.isEmpty()) {
            StringBuilder b = new StringBuilder();
            for (String r : refused) {
                b.append(b.length() == 0 ? "" : "\n").append(r);
            }
            throw new AdviseException(b.toString());
        }
        for (String r : refused) {
            problems.add(r);
        }
        Map<Path, List<SSTable>> result = new TreeMap<>();
        for (Map.Entry<Path, TreeSet<SSTable>> e : byTable.entrySet()) {
            result.put(e.getKey(), new ArrayList<>(e.getValue()));
        }
        return result;
    }

    private static void search(Path path, Map<Path, TreeSet<SSTable>> byTable) throws AdviseException {
        Path p = path.toAbsolutePath().normalize();
        if (Files.isRegularFile(p)) {
            SSTable s = SSTable.ofDataFile(p);
            if (s == null) {
                throw new AdviseException(p + " is not an SSTable's Data.db (a name like nb-1-big-Data.db)");
            }
            add(byTable, p.getParent(), s);
        } else if (Files.isDirectory(p)) {
            List<SSTable> here = dataFiles(p);
            if (!here.isEmpty()) {
                for (SSTable s : here) {
                    add(byTable, p, s);
                }
            } else {
                boolean any = false;
                for (Path table : subfolders(p)) {
                    for (SSTable s : dataFiles(table)) {
                        add(byTable, table, s);
                        any = true;
                    }
                }
                if (!any) {
                    throw new AdviseException(p + " holds no SSTables: no *-Data.db in it or in the table folders"
                            + " below it (give a table's data folder, a keyspace folder or one *-Data.db)");
                }
            }
        } else if (Files.exists(p, LinkOption.NOFOLLOW_LINKS) || Files.exists(p)) {
            throw new AdviseException(p + " is neither a folder nor a regular file");
        } else {
            throw new AdviseException(p + " does not exist");
        }
    }

    private static void add(Map<Path, TreeSet<SSTable>> byTable, Path table, SSTable s) {
        TreeSet<SSTable> set = byTable.get(table);
        if (set == null) {
            set = new TreeSet<>();
            byTable.put(table, set);
        }
        set.add(s);
    }

    private static List<SSTable> dataFiles(Path folder) throws AdviseException {
        List<SSTable> found = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(folder, "*" + SSTable.DATA)) {
            for (Path f : files) {
                SSTable s = SSTable.ofDataFile(f);
                if (s != null) {
                    found.add(s);
                }
            }
        } catch (IOException e) {
            throw new AdviseException("cannot list " + folder + ": " + e);
        }
        return found;
    }

    private static List<Path> subfolders(Path folder) throws AdviseException {
        List<Path> found = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(folder)) {
            for (Path f : files) {
                String name = f.getFileName().toString();
                if (Files.isDirectory(f) && !name.equals("snapshots") && !name.equals("backups")) {
                    found.add(f);
                }
            }
        } catch (IOException e) {
            throw new AdviseException("cannot list " + folder + ": " + e);
        }
        return found;
    }
}
