package dev.deflateaccel.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import net.bytebuddy.ClassFileVersion;

/** Which JVMs the premain serves, and the one line it logs on the others. */
class JvmSupportTest {

    private static final int NEWEST = ClassFileVersion.latest().getJavaVersion();

    @Test
    void everyJavaCassandraRunsOnIsServed() {
        assertNull(JvmSupport.refusal("1.8.0_504", "1.8", NEWEST));
        assertNull(JvmSupport.refusal("11.0.24", "11", NEWEST));
        assertNull(JvmSupport.refusal("17.0.15", "17", NEWEST));
        assertNull(JvmSupport.refusal("25.0.1", "25", NEWEST));
        assertTrue(NEWEST >= 25, "the shaded Byte Buddy must read Java 25's class files");
    }

    @Test
    void theRunningJvmIsServed() {
        assertNull(JvmSupport.refusal(), "refused the JVM running the tests");
    }

    @Test
    void aJavaNewerThanByteBuddyReadsGetsOneLineNamingItsVersionTheRangeAndTheStockCompressor() {
        String line = JvmSupport.refusal("99.0.1", "99", NEWEST);
        assertNotNull(line);
        assertEquals("this JVM runs Java 99.0.1; the agent serves Java 8 to " + NEWEST + " (its Byte Buddy reads"
                + " class files up to Java " + NEWEST + "); Cassandra's DeflateCompressor stays stock", line);
        assertNotNull(JvmSupport.refusal("1.7.0_80", "1.7", NEWEST), "Java 7 is below the agent's class files");
        assertNotNull(JvmSupport.refusal("?", null, NEWEST));
    }

    @Test
    void majorVersionsOfBothNumberingSchemes() {
        assertEquals(8, JvmSupport.majorOf("1.8"));
        assertEquals(11, JvmSupport.majorOf("11"));
        assertEquals(21, JvmSupport.majorOf("21.0"));
        assertEquals(0, JvmSupport.majorOf("x"));
    }
}
