package dev.deflateaccel.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

import org.junit.jupiter.api.Test;

/**
 * Java 8 loads every class of the release jar: a single class file newer than 52 (Java 8) that
 * the premain reaches would abort a Java 8 JVM before {@code main}, taking a Cassandra 4.x node
 * down, which a -javaagent line must never do. Checked on the built jar, whatever JDK built it.
 */
class ReleaseJarClassFilesIT {
    private static final Path AGENT_JAR = Paths.get(System.getProperty("deflateaccel.agent.jar",
            "target/deflate-accel-agent.jar"));
    private static final int JAVA_8 = 52;

    @Test
    void everyClassInTheJarIsClassFile52OrOlder() throws IOException {
        List<String> newer = new ArrayList<>();
        int classes = 0;
        String premain;
        try (JarFile jar = new JarFile(AGENT_JAR.toFile())) {
            premain = jar.getManifest().getMainAttributes().getValue("Premain-Class");
            assertEquals(jar.getManifest().getMainAttributes().getValue("Agent-Class"), premain);
            for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements();) {
                JarEntry entry = e.nextElement();
                // .classdata: the classes the agent's own loader defines from inst/ (AgentClassLoader).
                if (!entry.getName().endsWith(".class") && !entry.getName().endsWith(".classdata")) {
                    continue;
                }
                classes++;
                try (InputStream in = jar.getInputStream(entry)) {
                    int major = majorVersion(in);
                    if (major > JAVA_8) {
                        newer.add(entry.getName() + " (" + major + ")");
                    }
                }
            }
            assertTrue(jar.getEntry(premain.replace('.', '/') + ".class") != null, "no premain class " + premain);
        }
        assertTrue(classes > 1000, "only " + classes + " classes in " + AGENT_JAR);
        assertEquals(new ArrayList<String>(), newer, "class files Java 8 cannot load in " + AGENT_JAR);
    }

    /** The major version of a class file: magic (4 bytes), minor (2), major (2). */
    private static int majorVersion(InputStream in) throws IOException {
        DataInputStream data = new DataInputStream(in);
        assertEquals(0xCAFEBABE, data.readInt(), "not a class file");
        data.readUnsignedShort();
        return data.readUnsignedShort();
    }
}
