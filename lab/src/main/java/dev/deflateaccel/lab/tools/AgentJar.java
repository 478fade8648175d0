package dev.deflateaccel.lab.tools;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/** The agent jar a benchmark hands to its JVMs' -javaagent: whether it is usable, and which build it is. */
public final class AgentJar {
    private AgentJar() {
    }

    /**
     * Null when {@code agentJar} is a usable -javaagent jar, else why not; checked up front so a
     * missing build fails with one clear line instead of inside every fork.
     */
    public static String problem(Path agentJar) {
        if (agentJar == null || !Files.isRegularFile(agentJar)) {
            return "agent jar not built: " + agentJar + " (mvn -o -q -pl agent -am package -DskipTests)";
        }
        try (JarFile jar = new JarFile(agentJar.toFile())) {
            Manifest manifest = jar.getManifest();
            if (manifest == null || manifest.getMainAttributes().getValue("Premain-Class") == null) {
                return "agent jar " + agentJar + " has no Premain-Class: not a -javaagent jar";
            }
            return null;
        } catch (IOException e) {
            return "cannot read agent jar " + agentJar + ": " + e;
        }
    }

    /** Size and modification time, so a stale jar is visible in a report. */
    public static String describe(Path jar) {
        if (!Files.isRegularFile(jar)) {
            return jar + " (NOT BUILT)";
        }
        try {
            return jar + " (" + Files.size(jar) + " bytes, built " + Files.getLastModifiedTime(jar) + ")";
        } catch (IOException e) {
            return jar + " (" + e.getMessage() + ")";
        }
    }
}
