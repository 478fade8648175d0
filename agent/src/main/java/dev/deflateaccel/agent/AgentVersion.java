package dev.deflateaccel.agent;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.CodeSource;
import java.util.Properties;
import java.util.jar.JarFile;

/**
 * This build's version: the jar manifest's {@code Implementation-Version}, or, when the classes
 * run from a directory (tests, an IDE), the version Maven wrote into {@code version.properties}.
 * Shown in the start-up log line, {@code doctor}, {@code --version} and JMX, and compared by
 * {@code attach} with the version a node already runs.
 */
final class AgentVersion {
    static final String UNKNOWN = "unknown";

    private static final String VERSION = find();

    private AgentVersion() {
    }

    static String get() {
        return VERSION;
    }

    /** The same as {@link #get()}; the name the live commands use. */
    static String current() {
        return VERSION;
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

    private static String find() {
        String fromManifest = AgentVersion.class.getPackage().getImplementationVersion();
        if (fromManifest != null && !fromManifest.isEmpty()) {
            return fromManifest;
        }
        try (InputStream in = AgentVersion.class.getResourceAsStream("version.properties")) {
            if (in != null) {
                Properties p = new Properties();
                p.load(in);
                String v = p.getProperty("version", "").trim();
                if (!v.isEmpty() && !v.startsWith("${")) {
                    return v;
                }
            }
        } catch (IOException | IllegalArgumentException e) {
            // fall through: a version is informative, never a reason to fail
        }
        return UNKNOWN;
    }
}
