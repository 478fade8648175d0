package dev.deflateaccel.bridge.engine;

/**
 * The RFC 1950 wrapper around a deflate stream: a 2-byte header (CMF, FLG) and a 4-byte
 * big-endian Adler-32 trailer. Native engines check the header in Java before a native call so
 * that streams they must not take (preset dictionary, bad header) never reach native code.
 */
final class ZlibFrame {
    static final int HEADER_BYTES = 2;
    static final int TRAILER_BYTES = 4;
    /** Header + empty final stored block (3 bits, padded) is the shortest: 2 + 1 + 4. */
    static final int MIN_STREAM_BYTES = 7;

    private ZlibFrame() {
    }

    /** Outcome of the header check: 0 when a plain zlib stream, else a fallback code. */
    static int checkHeader(int header) {
        int cmf = header >>> 8;
        int flg = header & 0xff;
        if ((cmf & 0x0f) != 8 || (cmf >>> 4) > 7 || header % 31 != 0) {
            return FallbackReason.CORRUPT_INPUT.code();
        }
        if ((flg & 0x20) != 0) {
            return FallbackReason.INPUT_NOT_ACCEPTED.code(); // FDICT: needs a preset dictionary
        }
        int cinfo = cmf >>> 4;
        if (cinfo != 7 && cinfo != 4) {
            // zlib rejects a distance beyond the window the header declares; the native decoders
            // keep a 32 KiB history and would decode it. Only the windows that stock Cassandra
            // (32 KiB) and IAA (4 KiB) write are taken, so a doctored header goes to stock code.
            return FallbackReason.INPUT_NOT_ACCEPTED.code();
        }
        return 0;
    }

    /** The stream's first two bytes, big-endian. */
    static int header(Region in) {
        return (in.byteAt(0) << 8) | in.byteAt(1);
    }

    /** The stream's last four bytes, big-endian: the Adler-32. */
    static int trailer(Region in) {
        int end = in.length();
        return (in.byteAt(end - 4) << 24) | (in.byteAt(end - 3) << 16) | (in.byteAt(end - 2) << 8) | in.byteAt(end - 1);
    }
}
