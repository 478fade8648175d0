package dev.deflateaccel.lab;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Where things are, relative to the checkout: the runner is started from lab/target (jar or
 * classes), so the repository root is three levels up from its code. Everything can be overridden
 * by a system property, which is also how the runner tells the forks.
 */
public final class RepoLayout {
    public static final String REPO_PROPERTY = "deflateaccel.repo";
    public static final String CORPUS_PROPERTY = "deflateaccel.corpus";

    private RepoLayout() {
    }

    public static Path repoRoot() {
        String explicit = System.getProperty(REPO_PROPERTY);
        if (explicit != null && !explicit.isEmpty()) {
            return Paths.get(explicit).toAbsolutePath().normalize();
        }
        try {
            // .../lab/target/deflate-accel-lab.jar or .../lab/target/classes
            Path code = Paths.get(RepoLayout.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Path target = code.getParent();
            if (target != null && target.getFileName().toString().equals("target")
                    && target.getParent() != null && Files.exists(target.getParent().resolve("pom.xml"))
                    && target.getParent().getParent() != null) {
                return target.getParent().getParent().toAbsolutePath().normalize();
            }
        } catch (URISyntaxException | SecurityException | NullPointerException e) {
            // fall through to the working directory
        }
        return Paths.get("").toAbsolutePath();
    }

    /** The corpus directory: -Ddeflateaccel.corpus, else ../shared/corpus next to the checkout. */
    public static Path corpusDir() {
        String explicit = System.getProperty(CORPUS_PROPERTY);
        if (explicit != null && !explicit.isEmpty()) {
            return Paths.get(explicit).toAbsolutePath().normalize();
        }
        return repoRoot().resolve("../shared/corpus").normalize();
    }

    public static Path defaultAgentJar() {
        return repoRoot().resolve("agent/target/deflate-accel-agent.jar");
    }

    public static Path resultsDir() {
        return repoRoot().resolve("lab/results");
    }

    public static Path workDir() {
        return repoRoot().resolve("lab/target/bench-work");
    }
}
