package dev.deflateaccel.agent.acceptance;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import dev.deflateaccel.bridge.engine.FallbackReason;

/**
 * The tally of one named check on one engine: cases passed, cases declined (by reason), and the
 * failures. A decline is not a failure: it hands the call to the next engine, which is how
 * routing works. But a check whose every case was declined proved nothing, so it passes only
 * when the engine's own limits ({@link FallbackReason#INPUT_NOT_ACCEPTED}: IAA does not decode
 * 32 KiB-window streams, QAT does not take chunks over its hardware buffer) explain it.
 */
final class CheckResult {
    enum Status { PASS, FAIL, NOT_APPLICABLE }

    /** Failures listed in full; more are counted. Enough to act on, short enough for a ticket. */
    private static final int FAILURES_SHOWN = 3;

    final String name;
    /** Whether a passed case is a call the engine completed (cross-decoding), not one it refused. */
    final boolean serves;
    /** What a passed case is called in the summary ("served", "refused"). */
    private final String passedAs;
    private int passed;
    private final Map<FallbackReason, Integer> declined = new EnumMap<>(FallbackReason.class);
    private final List<String> failures = new ArrayList<>();
    private int failureCount;

    CheckResult(String name, boolean serves, String passedAs) {
        this.name = name;
        this.serves = serves;
        this.passedAs = passedAs;
    }

    void passed() {
        passed++;
    }

    void declined(FallbackReason reason) {
        declined.merge(reason, 1, Integer::sum);
    }

    void failed(String where, String why) {
        failureCount++;
        if (failures.size() < FAILURES_SHOWN) {
            failures.add(where + ": " + why);
        }
    }

    Status status() {
        if (failureCount > 0) {
            return Status.FAIL;
        }
        if (passed > 0) {
            return Status.PASS;
        }
        // No cases at all: engine-to-engine when the engine wrote no stream that passed engine-to-zlib.
        return declined.keySet().stream().allMatch(r -> r == FallbackReason.INPUT_NOT_ACCEPTED)
                ? Status.NOT_APPLICABLE : Status.FAIL;
    }

    /** One line: the counts, and the first failures. */
    String summary() {
        int declines = declined.values().stream().mapToInt(Integer::intValue).sum();
        String reasons = declined.entrySet().stream().map(e -> e.getKey() + " " + e.getValue())
                .collect(Collectors.joining(", "));
        StringBuilder sb = new StringBuilder();
        if (failureCount > 0) {
            sb.append(failureCount).append(" of ").append(passed + declines + failureCount).append(" cases failed: ")
                    .append(String.join("; ", failures)).append(failureCount > failures.size() ? "; ..." : "");
        } else if (passed == 0 && declines == 0) {
            sb.append("no cases ran (they need an earlier check's output)");
        } else if (passed == 0) {
            sb.append("declined all ").append(declines).append(" (").append(reasons).append(")");
            if (status() == Status.NOT_APPLICABLE) {
                sb.append(": outside this engine's limits; such calls go to the next engine");
            }
        } else {
            sb.append(passed).append(' ').append(passedAs);
            if (declines > 0) {
                sb.append(", ").append(declines).append(" declined (").append(reasons).append(")");
            }
        }
        return sb.toString();
    }
}
