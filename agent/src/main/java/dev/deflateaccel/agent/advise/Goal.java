package dev.deflateaccel.agent.advise;

/**
 * What an operator may want from a change of engine or compressor. Each is answered for every
 * table and for the node; {@code --goal} names the one the node's config block and ALTER TABLE
 * lines carry out.
 */
enum Goal {
    /** Today's size (within the size band), and of those the least CPU. */
    LEAST_CPU_AT_TODAYS_SIZE("cpu", "least CPU at today's size"),
    /** No more CPU than today (within the measured spread), and of those the smallest. */
    SMALLEST_AT_TODAYS_CPU("size", "smallest at no more CPU than today"),
    /** Stock zlib 6's size (within the size band), and of those the least CPU: the old rule. */
    LEAST_CPU_AT_ZLIB6_SIZE("zlib6", "least CPU at zlib 6's size");

    /** The {@code --goal} value. */
    final String key;
    final String description;

    Goal(String key, String description) {
        this.key = key;
        this.description = description;
    }

    static Goal ofKey(String key) {
        for (Goal g : values()) {
            if (g.key.equals(key)) {
                return g;
            }
        }
        throw new IllegalArgumentException("--goal takes cpu, size or zlib6, not '" + key + "'");
    }
}
