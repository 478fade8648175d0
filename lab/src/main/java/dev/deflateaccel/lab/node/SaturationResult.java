package dev.deflateaccel.lab.node;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

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

    /** A figure of the held step, or NaN when no step held. */
    double held(ToDoubleFunction<Step> figure) {
        Step s = held();
        return s == null ? Double.NaN : figure.applyAsDouble(s);
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
}
