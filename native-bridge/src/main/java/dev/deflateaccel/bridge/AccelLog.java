package dev.deflateaccel.bridge;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Instant;

import dev.deflateaccel.bridge.config.AccelConfig;
import dev.deflateaccel.bridge.config.ConfigKey;

/**
 * The project's log, with zlib-accel's semantics: {@code log_level} 0 none, 1 error, 2 info,
 * 3 debug; {@code log_file} appends to that file, empty means stdout. Deliberately not a logging
 * framework: the agent runs before Cassandra configures logback and must not touch it. Warnings
 * (bad config, a missing library) are printed at level 1, so the default level shows them, and so
 * are the statistics dumps that {@code log_stats_samples} turns on.
 */
public final class AccelLog {
    public static final int NONE = 0;
    public static final int ERROR = 1;
    public static final int INFO = 2;
    public static final int DEBUG = 3;

    /** Where lines go: a PrintStream (stdout, log_file), or the host's own log (the agent's). */
    public interface Sink {
        /** {@code tag} is ERROR, WARN, INFO or DEBUG; {@code message} has no prefix. */
        void write(String tag, String message);
    }

    private final int level;
    private final Sink sink;

    private AccelLog(int level, PrintStream out) {
        this(level, (tag, message) -> out.println(Instant.now() + " [deflate-accel] " + tag + " " + message));
    }

    private AccelLog(int level, Sink sink) {
        this.level = level;
        this.sink = sink;
    }

    public static AccelLog to(PrintStream out, int level) {
        return new AccelLog(level, out);
    }

    public static AccelLog to(Sink sink, int level) {
        return new AccelLog(level, sink);
    }

    /** As {@link #from(AccelConfig)}, but with no log_file the lines go to {@code defaultSink}. */
    public static AccelLog from(AccelConfig config, Sink defaultSink) {
        int level = config.intValue(ConfigKey.LOG_LEVEL);
        String file = config.text(ConfigKey.LOG_FILE);
        if (file.isEmpty() || level == NONE) {
            return new AccelLog(level, defaultSink);
        }
        try {
            return new AccelLog(level, LogFile.open(file));
        } catch (IOException | RuntimeException e) {
            AccelLog log = new AccelLog(level, defaultSink);
            log.warn("cannot use log_file " + file + " (" + e.getMessage() + "); logging to the default log instead");
            return log;
        }
    }

    /**
     * Opens the configured sink; a log_file that is a symlink or otherwise unusable falls back to
     * stdout and says so there, once (see {@link LogFile} for the rules).
     */
    public static AccelLog from(AccelConfig config) {
        int level = config.intValue(ConfigKey.LOG_LEVEL);
        String file = config.text(ConfigKey.LOG_FILE);
        if (file.isEmpty() || level == NONE) {
            return new AccelLog(level, System.out);
        }
        try {
            return new AccelLog(level, LogFile.open(file));
        } catch (IOException | RuntimeException e) {
            AccelLog log = new AccelLog(level, System.out);
            log.warn("cannot use log_file " + file + " (" + e.getMessage() + "); logging to stdout");
            return log;
        }
    }

    public boolean isEnabled(int messageLevel) {
        return level >= messageLevel;
    }

    public void warn(String message) {
        write(ERROR, "WARN", message);
    }

    public void error(String message) {
        write(ERROR, "ERROR", message);
    }

    public void info(String message) {
        write(INFO, "INFO", message);
    }

    public void debug(String message) {
        write(DEBUG, "DEBUG", message);
    }

    /**
     * An operator's action and its outcome (attach, reload, detach): written at every level but
     * 0, tagged INFO, because whoever changed a running node must be able to see that it took.
     */
    public void notice(String message) {
        write(ERROR, "INFO", message);
    }

    /**
     * A statistics dump that log_stats_samples asked for: written at every level but 0, tagged
     * INFO. Whether it happens is log_stats_samples' decision, not log_level's (as in zlib-accel).
     */
    public void statistics(String message) {
        write(ERROR, "INFO", message);
    }

    private void write(int messageLevel, String tag, String message) {
        if (level < messageLevel) {
            return;
        }
        try {
            sink.write(tag, message);
        } catch (RuntimeException ignored) {
            // A log that cannot be written must not break a compression call.
        }
    }
}
