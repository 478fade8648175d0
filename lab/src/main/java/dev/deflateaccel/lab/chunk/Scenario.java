package dev.deflateaccel.lab.chunk;

import java.util.Objects;

/** One data set cut at one chunk size: a section of the results table. */
public final class Scenario implements Comparable<Scenario> {
    public final String dataset;
    public final int chunkKiB;

    public Scenario(String dataset, int chunkKiB) {
        this.dataset = dataset;
        this.chunkKiB = chunkKiB;
    }

    public int chunkBytes() {
        return chunkKiB * 1024;
    }

    @Override
    public int compareTo(Scenario other) {
        int byData = dataset.compareTo(other.dataset);
        return byData != 0 ? byData : Integer.compare(chunkKiB, other.chunkKiB);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Scenario && ((Scenario) o).dataset.equals(dataset) && ((Scenario) o).chunkKiB == chunkKiB;
    }

    @Override
    public int hashCode() {
        return Objects.hash(dataset, chunkKiB);
    }

    @Override
    public String toString() {
        return dataset + ", " + chunkKiB + " KiB chunks";
    }
}
