package dev.deflateaccel.agent.advise;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The node's own codec jars (lz4-java, zstd-jni, snappy-java) from Cassandra's {@code lib/}
 * ({@code --cassandra-lib DIR}), each library in a class loader of its own: the agent jar bundles none of
 * them, and LZ4, Zstd and Snappy chunks are read with exactly the code the node reads them with.
 */
final class NodeLibraries {
    private final Path dir;

    NodeLibraries(Path dir) {
        this.dir = dir;
    }

    Path dir() {
        return dir;
    }

    /**
     * The class {@code className} from the jars in lib/ whose names start with {@code jarPrefix}, in
     * one class loader: usually one jar, but Cassandra 6.0 ships zstd-jni as one jar per platform
     * (zstd-jni-1.5.7-2-linux_amd64.jar, ...-darwin_x86_64.jar, ...), each with the same classes and
     * its own native library, and finds the one for its platform as the node's class path does.
     */
    Class<?> load(String jarPrefix, String className, String compressor) throws AdviseException {
        if (dir == null) {
            throw new AdviseException(compressor + " SSTables are read with the node's own " + jarPrefix
                    + " jar: give --cassandra-lib DIR (Cassandra's lib/, e.g. /usr/share/cassandra/lib)");
        }
        List<URL> jars = new ArrayList<>();
        try (DirectoryStream<Path> found = Files.newDirectoryStream(dir, jarPrefix + "*.jar")) {
            List<Path> sorted = new ArrayList<>();
            found.forEach(sorted::add);
            Collections.sort(sorted);
            for (Path j : sorted) {
                jars.add(j.toUri().toURL());
            }
        } catch (IOException e) {
            throw new AdviseException("cannot list --cassandra-lib " + dir + ": " + e);
        }
        if (jars.isEmpty()) {
            throw new AdviseException("no " + jarPrefix + "*.jar in --cassandra-lib " + dir
                    + ", which " + compressor + " SSTables need");
        }
        try {
            // The platform loader as parent: the JDK's classes, none of the agent's.
            ClassLoader loader = new URLClassLoader(jars.toArray(new URL[0]),
                    ClassLoader.getSystemClassLoader().getParent());
            return Class.forName(className, true, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            throw new AdviseException("cannot load " + className + " from " + (jars.size() == 1 ? jars.get(0).getPath()
                    : jars.size() + " " + jarPrefix + " jars in " + dir) + ": " + e);
        }
    }
}
