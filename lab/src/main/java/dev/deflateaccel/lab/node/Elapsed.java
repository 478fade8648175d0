package dev.deflateaccel.lab.node;

/** Seconds since a System.nanoTime() start: what every node run's phases are timed with. */
final class Elapsed {

    private Elapsed() {
    }

    static double seconds(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }
}
