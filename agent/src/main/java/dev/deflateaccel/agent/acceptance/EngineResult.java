package dev.deflateaccel.agent.acceptance;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;

import dev.deflateaccel.bridge.EngineDescriptor;
import dev.deflateaccel.bridge.config.AccelConfig;
import dev.deflateaccel.bridge.engine.EngineStatus;

/** One engine's outcome: its status on this host, whether the config wants it, and its checks. */
final class EngineResult {
    enum Verdict { PASS, FAIL, UNAVAILABLE }

    final String name;
    final EngineStatus status;
    final boolean enabled;
    /** Whether the config asks for it, so that its absence fails (the node would warn, EngineChain). */
    final boolean askedFor;
    /** Empty when unavailable. */
    final List<CheckResult> checks;

    EngineResult(EngineDescriptor descriptor, AccelConfig config, EngineStatus status, List<CheckResult> checks) {
        this.name = descriptor.name();
        this.status = status;
        this.enabled = descriptor.enabled(config);
        this.askedFor = descriptor.askedFor(config);
        this.checks = Collections.unmodifiableList(new ArrayList<>(checks));
    }

    Verdict verdict() {
        if (!status.isAvailable()) {
            return askedFor ? Verdict.FAIL : Verdict.UNAVAILABLE;
        }
        return failedChecks().isEmpty() && servedSomething() ? Verdict.PASS : Verdict.FAIL;
    }

    /** What failed, for the verdict line: the checks by name, or why there are none. */
    String why() {
        if (!status.isAvailable()) {
            return "unavailable, and the config enables it";
        }
        List<String> failed = failedChecks();
        return failed.isEmpty() ? "served no call in any check" : String.join(", ", failed);
    }

    private List<String> failedChecks() {
        return checks.stream().filter(c -> c.status() == CheckResult.Status.FAIL).map(c -> c.name)
                .collect(Collectors.toList());
    }

    /** An engine that declines everything breaks nothing, but it has not shown that it works either. */
    private boolean servedSomething() {
        return checks.stream().anyMatch(c -> c.serves && c.status() == CheckResult.Status.PASS);
    }
}
