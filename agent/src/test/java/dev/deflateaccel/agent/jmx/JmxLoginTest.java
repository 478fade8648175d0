package dev.deflateaccel.agent.jmx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import javax.management.remote.JMXConnector;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** status and advise --node-cpu take one JMX login, with nodetool's spellings and advise's older ones. */
class JmxLoginTest {

    @Test
    void nodetoolsSpellingsAndAdvisesOlderOnesGiveTheSameLogin(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("jmxremote.password");
        Files.write(file, "# comment\nmonitorRole secret1\ncontrolRole secret2\n".getBytes(StandardCharsets.UTF_8));
        for (String[] spelling : new String[][] {{"-u", "-pwf"}, {"--username", "--password-file"},
                {"--jmx-user", "--jmx-password-file"}}) {
            JmxLogin login = new JmxLogin();
            assertTrue(login.accept(spelling[0], "controlRole"));
            assertTrue(login.accept(spelling[1], file.toString()));
            assertArrayEquals(new String[] {"controlRole", "secret2"},
                    (String[]) login.environment().get(JMXConnector.CREDENTIALS), String.join(" ", spelling));
        }
        JmxLogin inline = new JmxLogin();
        inline.accept("-u", "monitorRole");
        inline.accept("-pw", "typed");
        assertArrayEquals(new String[] {"monitorRole", "typed"}, (String[]) inline.environment().get(JMXConnector.CREDENTIALS));
    }

    @Test
    void otherOptionsAreLeftAndAMissingValueIsNamed() {
        JmxLogin login = new JmxLogin();
        assertFalse(login.accept("-p", "7199"));
        assertFalse(login.given());
        assertTrue(login.environment().isEmpty(), "no user: anonymous");
        assertEquals("-pwf needs a value", assertThrows(IllegalArgumentException.class,
                () -> login.accept("-pwf", null)).getMessage());
    }

    @Test
    void aPasswordFileWithoutTheUserIsNamed(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("jmxremote.password");
        Files.write(file, "monitorRole secret1\n".getBytes(StandardCharsets.UTF_8));
        JmxLogin login = new JmxLogin();
        login.accept("-u", "nobody");
        login.accept("-pwf", file.toString());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, login::environment);
        assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
    }
}
