package dev.deflateaccel.harness.workload;

import java.util.BitSet;
import java.util.Collection;

/** Which row indexes a check expects (a range of writes, or exactly the acknowledged ones). */
public final class RowSet {

    private final BitSet members;

    private RowSet(BitSet members) {
        this.members = members;
    }

    public static RowSet range(long fromInclusive, long toExclusive) {
        BitSet bits = new BitSet();
        bits.set(Math.toIntExact(fromInclusive), Math.toIntExact(toExclusive));
        return new RowSet(bits);
    }

    public static RowSet of(Collection<Long> indexes) {
        BitSet bits = new BitSet();
        indexes.forEach(i -> bits.set(Math.toIntExact(i)));
        return new RowSet(bits);
    }

    public static RowSet empty() {
        return new RowSet(new BitSet());
    }

    public RowSet union(RowSet other) {
        BitSet bits = (BitSet) members.clone();
        bits.or(other.members);
        return new RowSet(bits);
    }

    public boolean contains(long index) {
        return index >= 0 && index <= Integer.MAX_VALUE && members.get((int) index);
    }

    public long size() {
        return members.cardinality();
    }

    public java.util.stream.LongStream indexes() {
        return members.stream().asLongStream();
    }
}
