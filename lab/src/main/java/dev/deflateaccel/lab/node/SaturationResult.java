package dev.deflateaccel.lab.node;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** What one saturation run measured: the closed-loop 80/20 load at each concurrency step. */
final class SaturationResult extends RunResult {

    /** One concurrency step. */
    static final class Step {
        final int concurrency;
        double opsPerSecond;
        double readP99;
        double writeP99;
        double cpuMicrosPerOp;

        Step(int concurrency) {
            this.concurrency = concurrency;
        }
    }

    final List<Step> steps = new ArrayList<>();
    /** The bound on read p99 a step must meet to count as held, ms. */
    double p99BoundMillis;

    /** The step with the most operations per second among those whose read p99 met the bound, or null. */
    Step held() {
        Step best = null;
        for (Step s : steps) {
            if (s.readP99 <= p99BoundMillis && (best == null || s.opsPerSecond > best.opsPerSecond)) {
                best = s;
            }
        }
        return best;
    }

    double heldOpsPerSecond() {
        Step s = held();
        return s == null ? Double.NaN : s.opsPerSecond;
    }

    double heldCpuMicrosPerOp() {
        Step s = held();
        return s == null ? Double.NaN : s.cpuMicrosPerOp;
    }

    double heldReadP99() {
        Step s = held();
        return s == null ? Double.NaN : s.readP99;
    }

    /** The step run at {@code concurrency}, or null. */
    Step at(int concurrency) {
        for (Step s : steps) {
            if (s.concurrency == concurrency) {
                return s;
            }
        }
        return null;
    }

    @Override
    String summary() {
        return String.format(Locale.ROOT, "held %,.0f ops/s at %.0f us CPU/op (read p99 %.1f ms)", heldOpsPerSecond(),
                heldCpuMicrosPerOp(), heldReadP99());
    }
}
