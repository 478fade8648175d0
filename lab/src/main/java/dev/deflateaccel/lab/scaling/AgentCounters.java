package dev.deflateaccel.lab.scaling;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import dev.deflateaccel.bridge.EngineLimits;
import dev.deflateaccel.bridge.config.ConfigFile;
import dev.deflateaccel.bridge.engine.FallbackReason;
import dev.deflateaccel.bridge.stats.StatisticsClient;
import dev.deflateaccel.bridge.stats.StatisticsSnapshot;

/**
 * The agent's own counters, read in the scaling child through its statistics MBeans: how many
 * calls the engine served, how many found every context busy (FallbacksContextsBusy) and how many
 * were handed to Cassandra's own code. A class of its own because it loads bridge classes, which
 * a JVM has only through -javaagent: a stock child must never touch it.
 */
final class AgentCounters {
    /** Counter values of one engine and direction at one moment. */
    static final class Reading {
        final long engineOperations;
        final long contextsBusy;
        final long stockOperations;

        Reading(long engineOperations, long contextsBusy, long stockOperations) {
            this.engineOperations = engineOperations;
            this.contextsBusy = contextsBusy;
            this.stockOperations = stockOperations;
        }
    }

    private AgentCounters() {
    }

    static Reading read(String engine, String direction) throws IOException {
        long ops = 0;
        long busy = 0;
        long stock = 0;
        for (StatisticsSnapshot s : StatisticsClient.local().readAll()) {
            if (!s.direction.equals(direction)) {
                continue;
            }
            if (s.engine.equals(engine)) {
                ops = s.operations;
                busy = s.fallbacks(FallbackReason.CONTEXTS_BUSY);
            } else if (s.engine.equals("cassandra")) {
                stock = s.operations;
            }
        }
        return new Reading(ops, busy, stock);
    }

    /** Errors over every engine and direction: must stay 0 under any load. */
    static long errors() throws IOException {
        long errors = 0;
        for (StatisticsSnapshot s : StatisticsClient.local().readAll()) {
            errors += s.errors;
        }
        return errors;
    }

    /** The context bound the agent derived from its config file, by the agent's own rule. */
    static int contextBound(Path configFile) throws IOException {
        return EngineLimits.from(ConfigFile.parse(Files.readAllLines(configFile), configFile.toString())).maxContexts();
    }
}
