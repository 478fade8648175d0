package dev.deflateaccel.agent.acceptance;

/** Says where two byte arrays first differ, for a failure line an operator can paste. */
final class Differences {
    private Differences() {
    }

    /** Null when equal; otherwise the lengths or the first differing byte. */
    static String between(byte[] actual, byte[] expected) {
        if (actual.length != expected.length) {
            return actual.length + " bytes instead of " + expected.length;
        }
        for (int i = 0; i < actual.length; i++) {
            if (actual[i] != expected[i]) {
                return String.format("byte %d is 0x%02x instead of 0x%02x", i, actual[i] & 0xff, expected[i] & 0xff);
            }
        }
        return null;
    }
}
