package dev.deflateaccel.agent;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * This build's version: the jar manifest's {@code Implementation-Version}, or, when the classes
 * run from a directory (tests, an IDE), the version Maven wrote into {@code version.properties}.
 * Shown in the start-up log line, {@code doctor}, {@code --version} and JMX.
 */
final class AgentVersion {
    static final String UNKNOWN = "unknown";

    private static final String VERSION = find();

    private AgentVersion() {
    }

    static String get() {
        return VERSION;
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
