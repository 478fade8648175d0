package dev.deflateaccel.agent.acceptance;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.deflateaccel.bridge.EngineDescriptor;
import dev.deflateaccel.bridge.EngineLimits;
import dev.deflateaccel.bridge.EngineRegistry;
import dev.deflateaccel.bridge.config.AccelConfig;
import dev.deflateaccel.bridge.config.ConfigFile;
import dev.deflateaccel.bridge.engine.DeflateEngine;

/**
 * {@code java -jar deflate-accel-agent.jar doctor --acceptance [config=PATH]}: the hardware
 * acceptance of a host before its QAT or IAA (or CPU) engines go into a node. Every engine of the
 * registry is opened from the config exactly as the agent opens it; each available one runs the
 * conformance checks, and each that passes is timed next to stock java.util.zip. Exit status 0
 * when the verdict is PASS, 1 otherwise.
 */
public final class AcceptanceRun {
    private final PrintStream out;
    private final String agentVersion;

    /** {@code agentVersion} is passed in so that this package does not depend back on the agent's. */
    public AcceptanceRun(PrintStream out, String agentVersion) {
        this.out = out;
        this.agentVersion = agentVersion;
    }

    public int run(Path configPath) {
        AcceptanceReport report = new AcceptanceReport(out, agentVersion);
        report.title();
        AccelConfig config = ConfigFile.read(configPath);
        if (config.refusal() != null) {
            // The agent would weave nothing with this file: accepting engines under defaults
            // would vouch for a node that will not exist.
            return report.verdict(config, Collections.emptyList());
        }
        report.config(config);
        EngineLimits limits = EngineLimits.from(config);
        List<EngineResult> results = new ArrayList<>();
        Map<String, DeflateEngine> passed = new LinkedHashMap<>();
        for (EngineDescriptor d : EngineRegistry.ALL) {
            DeflateEngine engine = d.open(config, limits);
            boolean available = engine.status().isAvailable();
            EngineResult r = new EngineResult(d, config, engine.status(),
                    available ? ConformanceChecks.run(engine) : Collections.emptyList());
            report.engine(r);
            results.add(r);
            if (r.verdict() == EngineResult.Verdict.PASS) {
                passed.put(d.name(), engine);
            } else {
                engine.close();
            }
        }
        report.speedHeading();
        report.referenceSpeed(speeds(ChunkSpeed.stock()));
        for (EngineResult r : results) {
            DeflateEngine engine = passed.get(r.name);
            if (engine != null) {
                report.speed(r.name, speeds(ChunkSpeed.of(engine)));
                engine.close();
            } else if (r.status.isAvailable()) {
                // A wrong answer fast is no answer.
                report.notMeasured(r.name, "not measured: failed conformance");
            }
        }
        return report.verdict(config, results);
    }

    private static ChunkSpeed[] speeds(ChunkSpeed.Codec codec) {
        ChunkSpeed[] s = new ChunkSpeed[ChunkSpeed.CHUNKS.length];
        for (int i = 0; i < s.length; i++) {
            s[i] = ChunkSpeed.measure(codec, ChunkSpeed.CHUNKS[i]);
        }
        return s;
    }
}
