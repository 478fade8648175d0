package dev.deflateaccel.lab.efficiency;

import dev.deflateaccel.lab.tools.Spread;

/** One repetition of one engine and direction: both sides' rounds, measured back to back. */
public final class RepetitionSample {
    public final int repetition;
    public final Spread c;
    public final Spread agent;

    public RepetitionSample(int repetition, Spread c, Spread agent) {
        this.repetition = repetition;
        this.c = c;
        this.agent = agent;
    }

    /** The agent's efficiency in this repetition: its median MB/s over C's. */
    public double ratio() {
        return agent.median / c.median;
    }
}
