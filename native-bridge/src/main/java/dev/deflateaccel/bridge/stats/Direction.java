package dev.deflateaccel.bridge.stats;

public enum Direction {
    COMPRESS("compress"),
    DECOMPRESS("decompress");

    private final String label;

    Direction(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
