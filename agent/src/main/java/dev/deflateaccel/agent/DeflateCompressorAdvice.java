package dev.deflateaccel.agent;

import java.nio.ByteBuffer;

import dev.deflateaccel.agent.api.CurrentRoute;
import net.bytebuddy.asm.Advice;

/**
 * Advice woven into Cassandra's DeflateCompressor. One idiom throughout: the enter advice
 * returns a non-default value when the bridge completed the call, and
 * {@code skipOn = OnNonDefaultValue} then skips Cassandra's body; otherwise the body runs
 * unchanged. Advice is inlined into Cassandra's class, so it is static, stateless and only
 * calls {@link CurrentRoute}, the one class of ours on the system class path that Cassandra's
 * class loader sees; {@code suppress = Throwable.class} means a failure in our code
 * runs Cassandra's body instead of reaching Cassandra.
 *
 * <p>Only the four methods that do the work are woven. compress(ByteBuffer, ByteBuffer),
 * uncompress(ByteBuffer, ByteBuffer) and the 5-argument uncompress delegate to them in every
 * supported Cassandra, so their positions and return values stay Cassandra's own code, and a
 * declined call is tried once rather than once per layer.
 *
 * <p>Every method has an exit advice too: when Cassandra's own body ran, it tells
 * {@link CurrentRoute#stockReturned()}, which ends the timing of that call (CodecClock).
 */
final class DeflateCompressorAdvice {
    private DeflateCompressorAdvice() {
    }

    /** {@code int compressArray(byte[] input, int inputOffset, int inputLength, byte[] output, int outputOffset, int maxOutputLength)}. */
    static final class CompressArray {
        private CompressArray() {
        }

        @Advice.OnMethodEnter(skipOn = Advice.OnNonDefaultValue.class, suppress = Throwable.class)
        static int enter(@Advice.Argument(0) byte[] in, @Advice.Argument(1) int inOffset,
                         @Advice.Argument(2) int inLength, @Advice.Argument(3) byte[] out,
                         @Advice.Argument(4) int outOffset, @Advice.Argument(5) int maxOutputLength) {
            return CurrentRoute.compressArray(in, inOffset, inLength, out, outOffset, maxOutputLength);
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Enter int lengthPlusOne, @Advice.Return(readOnly = false) int returned) {
            if (lengthPlusOne != 0) {
                returned = lengthPlusOne - 1;
            } else {
                CurrentRoute.stockReturned();
            }
        }
    }

    /** {@code int uncompress(byte[] input, int inputOffset, int inputLength, byte[] output, int outputOffset, int maxOutputLength)}. */
    static final class UncompressArray {
        private UncompressArray() {
        }

        @Advice.OnMethodEnter(skipOn = Advice.OnNonDefaultValue.class, suppress = Throwable.class)
        static int enter(@Advice.Argument(0) byte[] in, @Advice.Argument(1) int inOffset,
                         @Advice.Argument(2) int inLength, @Advice.Argument(3) byte[] out,
                         @Advice.Argument(4) int outOffset, @Advice.Argument(5) int maxOutputLength) {
            return CurrentRoute.uncompressArray(in, inOffset, inLength, out, outOffset, maxOutputLength);
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Enter int lengthPlusOne, @Advice.Return(readOnly = false) int returned) {
            if (lengthPlusOne != 0) {
                returned = lengthPlusOne - 1;
            } else {
                CurrentRoute.stockReturned();
            }
        }
    }

    /** {@code void compressBuffer(ByteBuffer input, ByteBuffer output)}. */
    static final class CompressBuffer {
        private CompressBuffer() {
        }

        @Advice.OnMethodEnter(skipOn = Advice.OnNonDefaultValue.class, suppress = Throwable.class)
        static boolean enter(@Advice.Argument(0) ByteBuffer in, @Advice.Argument(1) ByteBuffer out) {
            return CurrentRoute.compressBuffer(in, out);
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Enter boolean handled) {
            if (!handled) {
                CurrentRoute.stockReturned();
            }
        }
    }

    /** {@code void uncompressBuffer(ByteBuffer input, ByteBuffer output)}. */
    static final class UncompressBuffer {
        private UncompressBuffer() {
        }

        @Advice.OnMethodEnter(skipOn = Advice.OnNonDefaultValue.class, suppress = Throwable.class)
        static boolean enter(@Advice.Argument(0) ByteBuffer in, @Advice.Argument(1) ByteBuffer out) {
            return CurrentRoute.uncompressBuffer(in, out);
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Enter boolean handled) {
            if (!handled) {
                CurrentRoute.stockReturned();
            }
        }
    }
}
