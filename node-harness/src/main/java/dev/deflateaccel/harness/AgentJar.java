package dev.deflateaccel.harness;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The agent jar under test. Missing is a failure, never a skip: CI must not go green without
 * having run the agent.
 */
public final class AgentJar {

    public static final String PROPERTY = "deflateaccel.agent.jar";
    public static final String ENV = "DEFLATE_ACCEL_AGENT_JAR";

    private AgentJar() {
    }

    public static Path locate() {
        String configured = System.getProperty(PROPERTY);
        if (configured == null || configured.isBlank()) {
            configured = System.getenv(ENV);
        }
        if (configured == null || configured.isBlank()) {
            throw new IllegalStateException("agent jar not configured: set -D" + PROPERTY + " or " + ENV);
        }
        Path jar = Path.of(configured).toAbsolutePath().normalize();
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("agent jar missing: " + jar
                    + " - build it with `mvn -pl agent -am package -DskipTests` (or run the ITs with `mvn -pl it -am verify`)");
        }
        NativeLibraries.requireInstalled();
        return jar;
    }
}
