package dev.deflateaccel.lab.efficiency;

/** The two things compared: the library called from C, and the same library through the agent. */
public enum Side {
    C("C reference"),
    AGENT("agent");

    public final String label;

    Side(String label) {
        this.label = label;
    }
}
