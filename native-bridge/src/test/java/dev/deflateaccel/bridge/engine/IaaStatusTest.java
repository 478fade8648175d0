package dev.deflateaccel.bridge.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * How the IAA engine reads QPL's statuses: a transfer over the device's limit is a decline, under
 * QPL 1.6's name (BUFFER_TOO_LARGE) and QPL 1.9's (TRANSFER_SIZE_INVALID) alike, so the call goes
 * to the next engine without counting as an engine error; what QPL found wrong in the data is
 * corrupt input; other statuses are native errors.
 */
class IaaStatusTest {
    @Test
    void transferLimitsAreDeclinesUnderEitherName() {
        assertEquals(FallbackReason.INPUT_NOT_ACCEPTED.code(), IaaEngine.failure(QplNatives.STS_BUFFER_TOO_LARGE));
        assertEquals(FallbackReason.INPUT_NOT_ACCEPTED.code(), IaaEngine.failure(QplNatives.STS_TRANSFER_SIZE_INVALID));
    }

    @Test
    void dataErrorsAreCorruptInputAndOtherStatusesNativeErrors() {
        assertEquals(FallbackReason.CORRUPT_INPUT.code(), IaaEngine.failure(QplNatives.STS_ARCHIVE_HEADER_ERR));
        assertEquals(FallbackReason.CORRUPT_INPUT.code(), IaaEngine.failure(QplNatives.STS_OPERATION_ERROR_BASE + 1));
        assertEquals(FallbackReason.NATIVE_ERROR.code(), IaaEngine.failure(QplNatives.STS_OPERATION_STATUS_BASE + 18));
        assertEquals(FallbackReason.OUTPUT_TOO_SMALL.code(), IaaEngine.failure(QplNatives.STS_MORE_OUTPUT_NEEDED));
    }
}
