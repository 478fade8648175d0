package dev.deflateaccel.it.scenarios;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Paths;

import org.junit.jupiter.api.Assumptions;

import dev.deflateaccel.harness.JavaRuntime;

/**
 * The Java 8 and 11 runtimes the installed base's nodes run on: Debian's own, unpacked by
 * {@code .ci/fetch-jdks.sh} and handed in as {@code -Djdk8.home} / {@code -Djdk11.home} (it/pom.xml
 * passes them on). Without one the lines that need it do not run and say so; with
 * {@code -Ddeflateaccel.jdks.required=true} (what .ci/run passes) they fail instead.
 */
final class InstalledBaseJavas {

    private InstalledBaseJavas() {
    }

    static JavaRuntime runtime(int javaVersion) {
        String home = System.getProperty("deflateaccel.jdk" + javaVersion + ".home", "");
        if (home.isEmpty() || home.startsWith("${")) {
            String why = "no Java " + javaVersion + " runtime: run .ci/fetch-jdks.sh target/jdks and pass -Djdk"
                    + javaVersion + ".home=target/jdks/jdk" + javaVersion;
            if (Boolean.getBoolean("deflateaccel.jdks.required")) {
                fail(why + " (deflateaccel.jdks.required is set)");
            }
            Assumptions.abort("did not run: " + why);
        }
        return JavaRuntime.at(Paths.get(home).toAbsolutePath());
    }
}
