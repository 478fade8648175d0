package dev.deflateaccel.it;

import java.util.BitSet;
import java.util.Collection;

/** Which row indexes a check expects (a range of writes, or exactly the acknowledged ones). */
final class RowSet {

    private final BitSet members;

    private RowSet(BitSet members) {
        this.members = members;
    }

    static RowSet range(long fromInclusive, long toExclusive) {
        BitSet bits = new BitSet();
        bits.set(Math.toIntExact(fromInclusive), Math.toIntExact(toExclusive));
        return new RowSet(bits);
    }

    static RowSet of(Collection<Long> indexes) {
        BitSet bits = new BitSet();
        indexes.forEach(i -> bits.set(Math.toIntExact(i)));
        return new RowSet(bits);
    }

    static RowSet empty() {
        return new RowSet(new BitSet());
    }

    RowSet union(RowSet other) {
        BitSet bits = (BitSet) members.clone();
        bits.or(other.members);
        return new RowSet(bits);
    }

    boolean contains(long index) {
        return index >= 0 && index <= Integer.MAX_VALUE && members.get((int) index);
    }

    long size() {
        return members.cardinality();
    }

    java.util.stream.LongStream indexes() {
        return members.stream().asLongStream();
    }
}
