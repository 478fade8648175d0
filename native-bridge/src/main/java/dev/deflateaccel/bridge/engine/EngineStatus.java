package dev.deflateaccel.bridge.engine;

/** Whether an engine can be used on this host, and if not, why (with what to install). */
public final class EngineStatus {
    private final boolean available;
    private final String detail;

    private EngineStatus(boolean available, String detail) {
        this.available = available;
        this.detail = detail;
    }

    public static EngineStatus available(String detail) {
        return new EngineStatus(true, detail);
    }

    public static EngineStatus unavailable(String reason) {
        return new EngineStatus(false, reason);
    }

    public boolean isAvailable() {
        return available;
    }

    /** The library and settings in use when available; the reason and the fix when not. */
    public String detail() {
        return detail;
    }

    @Override
    public String toString() {
        return (available ? "available: " : "unavailable: ") + detail;
    }
}
