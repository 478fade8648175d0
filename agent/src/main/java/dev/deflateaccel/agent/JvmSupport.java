package dev.deflateaccel.agent;

import net.bytebuddy.ClassFileVersion;

/**
 * Whether the agent can serve the JVM it was loaded into, decided before it touches anything.
 *
 * <p>Every class of the agent jar is class file 52, so any JVM Cassandra 3.0 or later runs on
 * (Java 8 and up) loads the premain class and gets here instead of aborting on an
 * {@code UnsupportedClassVersionError} before {@code main}. What remains is the newest Java: our
 * shaded Byte Buddy (and its ASM) reads class files only up to the Java it knows
 * ({@link ClassFileVersion#latest()}); on a newer JVM it would fail to read Cassandra's classes,
 * so the agent steps aside with one line instead.
 */
final class JvmSupport {
    /** The oldest Java the agent's class files load on. */
    static final int OLDEST_JAVA = 8;

    private JvmSupport() {
    }

    /** Null when the agent can serve this JVM; otherwise the one line premain logs. */
    static String refusal() {
        ByteBuddySettings.apply();
        return refusal(System.getProperty("java.version"), System.getProperty("java.specification.version"),
                ClassFileVersion.latest().getJavaVersion());
    }

    /** The decision for a JVM whose {@code java.version} and {@code java.specification.version} are given. */
    static String refusal(String javaVersion, String specificationVersion, int newestReadable) {
        int major = majorOf(specificationVersion);
        if (major >= OLDEST_JAVA && major <= newestReadable) {
            return null;
        }
        return "this JVM runs Java " + javaVersion + "; the agent serves Java " + OLDEST_JAVA + " to " + newestReadable
                + " (its Byte Buddy reads class files up to Java " + newestReadable
                + "); Cassandra's DeflateCompressor stays stock";
    }

    /** 8 for "1.8", 11 for "11"; 0 when unreadable, which is refused. */
    static int majorOf(String specificationVersion) {
        if (specificationVersion == null) {
            return 0;
        }
        String major = specificationVersion.startsWith("1.") ? specificationVersion.substring(2) : specificationVersion;
        int dot = major.indexOf('.');
        try {
            return Integer.parseInt(dot < 0 ? major : major.substring(0, dot));
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
