package dev.deflateaccel.agent.jmx;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.Map;

import javax.management.remote.JMXConnector;

/**
 * The JMX login every command that reaches a node over JMX takes ({@code status}, {@code advise
 * --node-cpu}), with nodetool's spellings: {@code -u USER} with {@code -pwf FILE} (a
 * jmxremote.password file) or {@code -pw PASSWORD}. advise's earlier {@code --jmx-user} and
 * {@code --jmx-password-file} are the same options, kept so that scripts written for them still run.
 */
public final class JmxLogin {

    /** For the commands' usage lines. */
    public static final String USAGE = "-u USER (-pwf FILE | -pw PASSWORD)";
    public static final String HELP = "  -u, --username USER          the JMX user, as nodetool's -u (also --jmx-user)\n"
            + "  -pwf, --password-file FILE   its password from a jmxremote.password file, as nodetool's -pwf\n"
            + "                               (also --jmx-password-file)\n"
            + "  -pw, --password PASSWORD     its password, as nodetool's -pw\n";

    private String user;
    private String password;
    private Path passwordFile;

    /** Takes {@code option} and its {@code value} when the option is one of the login's; false otherwise. */
    public boolean accept(String option, String value) {
        switch (option) {
            case "-u": case "--username": case "--jmx-user":
                user = need(option, value);
                return true;
            case "-pw": case "--password":
                password = need(option, value);
                return true;
            case "-pwf": case "--password-file": case "--jmx-password-file":
                passwordFile = Paths.get(need(option, value));
                return true;
            default:
                return false;
        }
    }

    private static String need(String option, String value) {
        if (value == null) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return value;
    }

    public boolean given() {
        return user != null || password != null || passwordFile != null;
    }

    public String user() {
        return user;
    }

    /**
     * The JMX connector's environment: the credentials when a user was given, the password read
     * from the file if one was. IllegalArgumentException naming the file when it cannot be read or
     * has no such user.
     */
    public Map<String, Object> environment() {
        Map<String, Object> env = new HashMap<>();
        if (user != null) {
            String p = password != null ? password : passwordFile != null ? JmxPasswordFile.password(passwordFile, user) : "";
            env.put(JMXConnector.CREDENTIALS, new String[] {user, p});
        }
        return env;
    }
}
