package dev.deflateaccel.agent;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

import dev.deflateaccel.agent.CaseBuffers.Kind;

/**
 * Issue #8 point 8: decompression of {@link ZlibFuzzInputs} through every decompress entry
 * point of DeflateCompressor, with output room both too small and large enough, at random
 * offsets and with every buffer kind. The oracle is the stock class of the same version in the
 * same JVM (the stock phase), on the same bytes and the same output sizes: the same return
 * value, output bytes and positions, or the same exception type.
 *
 * <p>Budget: the stock phase stops after {@code deflateaccel.fuzz.cases} cases (default 20000)
 * or {@code deflateaccel.fuzz.seconds} seconds (default 8), whichever comes first; the woven
 * phase then runs exactly those cases. {@code deflateaccel.fuzz.seed} (default 8) picks the
 * inputs. Stock's buffer path never returns on some inputs (see {@link StockBufferLoop}); those
 * cases go through the array path instead and are counted as "buffer-path-would-loop".
 */
final class DecompressionFuzzSuite implements ChildSuite {
    static final String CASES = "deflateaccel.fuzz.cases";
    static final String SECONDS = "deflateaccel.fuzz.seconds";
    static final String SEED = "deflateaccel.fuzz.seed";

    private final int maxCases = Integer.getInteger(CASES, 20_000);
    private final long budgetNanos = (long) (Double.parseDouble(System.getProperty(SECONDS, "8")) * 1e9);
    private final long seed = Long.getLong(SEED, 8L);
    private final ZlibFuzzInputs inputs = new ZlibFuzzInputs(seed);
    private final Map<String, Integer> tally = new TreeMap<>();
    private int tallied;

    @Override
    public List<String> versions() {
        // The stock oracle is the primary line, 5.0 (4.1 on Java 8): every tested version shares the
        // same DeflateCompressor code.
        return ArgumentContractSuite.primaryFirst(CassandraJars.versions()).subList(0, 1);
    }

    @Override
    public boolean budgetSpent(int index, long stockPhaseNanos) {
        return index >= maxCases || stockPhaseNanos >= budgetNanos;
    }

    @Override
    public boolean printsEveryOutcome() {
        return false;
    }

    @Override
    public ChildCase caseAt(int index) {
        SplittableRandom r = inputs.random(index);
        ZlibFuzzInputs.Input input = inputs.generate(r);
        byte[] bytes = input.bytes;
        int room = room(r, input.plainLength);
        String entry;
        int e = r.nextInt(100);
        if (e < 40) {
            entry = "uncompress(byte[]x6)";
        } else if (e < 50) {
            entry = "uncompress(byte[]x5)";
        } else if (e < 80) {
            entry = "uncompress(BB,BB)";
        } else {
            entry = "uncompressBuffer";
        }
        Kind[] kinds = {Kind.HEAP, Kind.HEAP_SLICE, Kind.DIRECT, Kind.DIRECT_SLICE, Kind.READ_ONLY_DIRECT};
        Kind inKind = kinds[r.nextInt(kinds.length)];
        Kind outKind = kinds[r.nextInt(4)];
        boolean bufferPath = entry.equals("uncompressBuffer")
                || (entry.equals("uncompress(BB,BB)") && !(hasArray(inKind) && hasArray(outKind)));
        boolean avoided = false;
        if (bufferPath && StockBufferLoop.wouldNeverReturn(bytes, room)) {
            entry = "uncompress(byte[]x6)";
            avoided = true;
        }
        int inBefore = r.nextInt(8);
        int inAfter = r.nextInt(8);
        int outOffset = r.nextInt(8);
        int outAfter = r.nextInt(8);
        String name = "#" + index + " " + input.recipe + " -> " + entry
                + (entry.startsWith("uncompress(byte") ? "" : " " + inKind.label() + "->" + outKind.label())
                + " room=" + room + (avoided ? " (buffer path would loop)" : "");
        if (index >= tallied) {
            tallied = index + 1;
            count("entry " + entry);
            count(input.plainLength < 0 ? "input random" : "input from a valid stream");
            for (String tag : ZlibFuzzInputs.tags(input.recipe)) {
                count("recipe " + tag);
            }
            if (avoided) {
                count("buffer-path-would-loop (sent to the array path)");
            }
        }
        String method = entry;
        return ChildCase.of(name, c -> {
            switch (method) {
                case "uncompress(byte[]x6)": {
                    byte[] in = CaseBuffers.padded(bytes, inBefore, inAfter);
                    byte[] out = CaseBuffers.filled(outOffset + room + outAfter);
                    int n = c.uncompress(in, inBefore, bytes.length, out, outOffset, room);
                    return CallOutcome.uncompressedArray(n, in, out);
                }
                case "uncompress(byte[]x5)": {
                    byte[] in = CaseBuffers.padded(bytes, inBefore, inAfter);
                    byte[] out = CaseBuffers.filled(outOffset + room);
                    int n = c.uncompress(in, inBefore, bytes.length, out, outOffset);
                    return CallOutcome.uncompressedArray(n, in, out);
                }
                default: {
                    ByteBuffer in = CaseBuffers.input(inKind, bytes);
                    ByteBuffer out = CaseBuffers.output(outKind, room);
                    if (method.equals("uncompressBuffer")) {
                        c.uncompressBuffer(in, out);
                    } else {
                        c.uncompress(in, out);
                    }
                    return CallOutcome.uncompressedBuffers(in, out);
                }
            }
        });
    }

    private static boolean hasArray(Kind k) {
        return k == Kind.HEAP || k == Kind.HEAP_SLICE;
    }

    /** Output room: exact, a little more, a little or a lot less, none, or plenty. */
    private static int room(SplittableRandom r, int plainLength) {
        if (plainLength < 0) {
            return new int[] {0, 1, 1024, 64 * 1024}[r.nextInt(4)];
        }
        int p = r.nextInt(100);
        if (p < 40) {
            return plainLength;
        }
        if (p < 60) {
            return plainLength + 1 + r.nextInt(64);
        }
        if (p < 70) {
            return 64 * 1024 + 64;
        }
        if (p < 80) {
            return Math.max(0, plainLength - 1);
        }
        if (p < 90) {
            return plainLength / 2;
        }
        return r.nextInt(3);
    }

    private void count(String key) {
        tally.merge(key, 1, Integer::sum);
    }

    @Override
    public List<String> summary() {
        List<String> lines = new ArrayList<>();
        lines.add("seed " + seed + ", budget " + maxCases + " cases or " + budgetNanos / 1e9 + " s (stock phase)");
        tally.forEach((k, v) -> lines.add(k + ": " + v));
        return lines;
    }
}
