package dev.deflateaccel.lab.tools;

import java.util.Locale;

/** Number formats shared by the reports, so every table rounds the same way. */
public final class Numbers {
    private Numbers() {
    }

    /** MB/s: no decimals from 100 up, one below (the precision a noisy VM supports). */
    public static String mbps(double mbs) {
        return String.format(Locale.ROOT, mbs >= 100 ? "%.0f" : "%.1f", mbs);
    }

    public static String ratio(double r) {
        return String.format(Locale.ROOT, "%.3f", r);
    }

    public static String times(double r) {
        return String.format(Locale.ROOT, "%.2f×", r);
    }

    public static String percent(double share) {
        return String.format(Locale.ROOT, "%.1f%%", 100 * share);
    }

    /** A relative size difference, signed: "+7.1%" or "-0.3%". */
    public static String signedPercent(double relative) {
        return String.format(Locale.ROOT, "%+.1f%%", 100 * relative);
    }

    public static String seconds(double s) {
        return s < 120 ? String.format(Locale.ROOT, "%.0f s", s) : String.format(Locale.ROOT, "%.1f min", s / 60);
    }
}
