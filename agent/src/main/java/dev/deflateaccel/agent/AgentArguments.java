package dev.deflateaccel.agent;

import java.nio.file.Path;
import java.nio.file.Paths;

import dev.deflateaccel.bridge.config.ConfigFile;

/** The agent argument string: {@code config=PATH} (comma-separated options; only config so far). */
final class AgentArguments {
    private final Path configPath;
    private final String problem;

    private AgentArguments(Path configPath, String problem) {
        this.configPath = configPath;
        this.problem = problem;
    }

    static AgentArguments parse(String args) {
        Path config = Paths.get(ConfigFile.DEFAULT_PATH);
        if (args == null || args.trim().isEmpty()) {
            return new AgentArguments(config, null);
        }
        StringBuilder problems = new StringBuilder();
        for (String part : args.split(",")) {
            String p = part.trim();
            if (p.startsWith("config=") && p.length() > "config=".length()) {
                config = Paths.get(p.substring("config=".length()));
            } else if (!p.isEmpty()) {
                problems.append(problems.length() == 0 ? "" : "; ").append("unknown agent argument '").append(p)
                        .append("' (expected config=PATH)");
            }
        }
        return new AgentArguments(config, problems.length() == 0 ? null : problems.toString());
    }

    Path configPath() {
        return configPath;
    }

    /** A warning for the log, or null. */
    String problem() {
        return problem;
    }
}
