package dev.deflateaccel.agent;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.CodeSource;
import java.util.jar.JarFile;

/** This jar's version: Implementation-Version of its manifest ("unknown" outside a built jar). */
final class AgentVersion {
    static final String UNKNOWN = "unknown";

    private AgentVersion() {
    }

    static String current() {
        Path jar = jarPath();
        if (jar != null) {
            String v = of(jar);
            if (!UNKNOWN.equals(v)) {
                return v;
            }
        }
        String v = AgentVersion.class.getPackage().getImplementationVersion();
        return v == null ? UNKNOWN : v;
    }

    /** The Implementation-Version in {@code jar}'s manifest. */
    static String of(Path jar) {
        try (JarFile file = new JarFile(jar.toFile())) {
            String v = file.getManifest() == null ? null
                    : file.getManifest().getMainAttributes().getValue("Implementation-Version");
            return v == null ? UNKNOWN : v;
        } catch (IOException | RuntimeException e) {
            return UNKNOWN;
        }
    }

    /** The jar this class was loaded from, or null (classes directory, unknown). */
    static Path jarPath() {
        try {
            CodeSource source = AgentVersion.class.getProtectionDomain().getCodeSource();
            if (source == null || source.getLocation() == null) {
                return null;
            }
            Path p = Paths.get(source.getLocation().toURI());
            return p.toString().endsWith(".jar") ? p : null;
        } catch (URISyntaxException | RuntimeException e) {
            return null;
        }
    }
}
