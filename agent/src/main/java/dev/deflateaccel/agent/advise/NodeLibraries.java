package dev.deflateaccel.agent.advise;

import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The node's own codec jars (lz4-java, zstd-jni, snappy-java) from Cassandra's {@code lib/}
 * ({@code --cassandra-lib DIR}), each in a class loader of its own: the agent jar bundles none of
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

    /** The class {@code className} from the one jar in lib/ whose name starts with {@code jarPrefix}. */
    Class<?> load(String jarPrefix, String className, String compressor) throws AdviseException {
        if (dir == null) {
            throw new AdviseException(compressor + " SSTables are read with the node's own " + jarPrefix
                    + " jar: give --cassandra-lib DIR (Cassandra's lib/, e.g. /usr/share/cassandra/lib)");
        }
        Path jar = null;
        try (DirectoryStream<Path> jars = Files.newDirectoryStream(dir, jarPrefix + "*.jar")) {
            for (Path j : jars) {
                jar = j;
            }
        } catch (IOException e) {
            throw new AdviseException("cannot list --cassandra-lib " + dir + ": " + e);
        }
        if (jar == null) {
            throw new AdviseException("no " + jarPrefix + "*.jar in --cassandra-lib " + dir
                    + ", which " + compressor + " SSTables need");
        }
        try {
            // The platform loader as parent: the JDK's classes, none of the agent's.
            ClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()},
                    ClassLoader.getSystemClassLoader().getParent());
            return Class.forName(className, true, loader);
        } catch (MalformedURLException | ClassNotFoundException | LinkageError e) {
            throw new AdviseException("cannot load " + className + " from " + jar + ": " + e);
        }
    }
}
