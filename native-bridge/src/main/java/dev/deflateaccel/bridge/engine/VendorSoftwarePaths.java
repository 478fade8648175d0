package dev.deflateaccel.bridge.engine;

/**
 * Test-only: {@code -Ddeflateaccel.vendorSoftwarePaths=true} makes the QAT engine open its
 * QATzip sessions with {@code sw_backup = 1} and the IAA engine run QPL's {@code
 * qpl_path_software}, so that Intel's real libraries serve every call on a host without the
 * devices. Everything else is the production path. It is a system property, never a config key:
 * in production an accelerator engine must never hide a missing device behind the vendor's own
 * CPU code, because the router has to know which engine did the work.
 */
final class VendorSoftwarePaths {
    static final String PROPERTY = "deflateaccel.vendorSoftwarePaths";

    private VendorSoftwarePaths() {
    }

    static boolean enabled() {
        return Boolean.getBoolean(PROPERTY);
    }
}
