package dev.deflateaccel.agent.acceptance;

/**
 * How long the doctor times each of its speed figures. An operator gets the defaults (a short,
 * rough figure per engine and direction); the tests, which check that each figure is printed and
 * well formed, not how large it is, set {@value #PROPERTY} low and spare CI most of a minute per
 * JVM the suite runs on. Each figure still takes at least its minimum number of passes.
 */
public final class SpeedBudget {
    public static final String PROPERTY = "deflateaccel.doctor.speedMillis";
    static final long MAX_MILLIS = 60_000;

    private SpeedBudget() {
    }

    /** The time per figure in nanoseconds: {@code defaultMillis}, or the property's value if set. */
    public static long nanos(long defaultMillis) {
        String value = System.getProperty(PROPERTY);
        if (value == null) {
            return defaultMillis * 1_000_000L;
        }
        long millis = parse(value);
        if (millis < 0) {
            throw new IllegalArgumentException(problem());
        }
        return millis * 1_000_000L;
    }

    /** What is wrong with the property's value, naming it and the range; null when it is unset or valid. */
    public static String problem() {
        String value = System.getProperty(PROPERTY);
        return value == null || parse(value) >= 0 ? null
                : "-D" + PROPERTY + "=" + value + " is not valid: expected whole milliseconds 0-" + MAX_MILLIS;
    }

    /** The value in milliseconds, or -1 when it is not a whole number in range. */
    private static long parse(String value) {
        try {
            long millis = Long.parseLong(value.trim());
            return millis <= MAX_MILLIS ? millis : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
