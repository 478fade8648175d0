package dev.deflateaccel.agent;

import java.lang.reflect.Field;
import java.util.Arrays;
import java.util.List;

import dev.deflateaccel.bridge.TestData;

/**
 * Cases that prove the fork harness itself: one that behaves the same stock and woven, one
 * whose outcome differs once woven (a deliberately wrong expectation must fail), one that
 * crashes the JVM (SIGSEGV) only when woven, one that hangs only when woven, and one after
 * them, which must still run (the harness resumes after a crash). Used by ForkHarnessTest only.
 */
final class HarnessCheckSuite implements ChildSuite {
    static final String SAME = "same";
    static final String DIFFERS = "differs-when-woven";
    static final String CRASHES = "crashes-when-woven";
    static final String HANGS = "hangs-when-woven";
    static final String AFTER = "runs-after-the-crash-and-the-hang";

    private static final List<ChildCase> CASES = Arrays.asList(
            ChildCase.of(SAME, c -> {
                byte[] in = TestData.cassandraLikeRows(4096, 1);
                byte[] out = new byte[8192];
                return CallOutcome.compressedArray(c.compressArray(in, 0, in.length, out, 0, out.length), in, out, 0,
                        out.length, new byte[out.length]);
            }),
            ChildCase.of(DIFFERS, c -> "woven=" + woven()),
            ChildCase.of(CRASHES, c -> {
                if (woven()) {
                    Class<?> unsafe = Class.forName("sun.misc.Unsafe");
                    Field f = unsafe.getDeclaredField("theUnsafe");
                    f.setAccessible(true);
                    unsafe.getMethod("putLong", long.class, long.class).invoke(f.get(null), 8L, 42L); // SIGSEGV
                }
                return "alive";
            }),
            ChildCase.of(HANGS, c -> {
                while (woven()) {
                    Thread.sleep(1000);
                }
                return "returned";
            }),
            ChildCase.of(AFTER, c -> "threw nothing " + c.compressArray(new byte[10], 0, 0, new byte[10], 0, 10)));

    private static boolean woven() {
        return CassandraRoute.bridge() != null;
    }

    @Override
    public List<String> versions() {
        return Arrays.asList(CassandraJars.versions().get(0));
    }

    @Override
    public ChildCase caseAt(int index) {
        return index < CASES.size() ? CASES.get(index) : null;
    }

    @Override
    public boolean printsEveryOutcome() {
        return true;
    }
}
