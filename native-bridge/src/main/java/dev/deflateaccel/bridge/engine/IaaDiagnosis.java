package dev.deflateaccel.bridge.engine;

/**
 * What an operator should check when QPL's hardware path will not start, by the code
 * qpl_init_job gave. The engine is then unavailable and the next engine serves every call.
 */
final class IaaDiagnosis {
    private IaaDiagnosis() {
    }

    static String of(String what, int code) {
        switch (code) {
            case QplNatives.STS_INIT_LIBACCEL_NOT_FOUND:
                return "no IAA device: QPL could not load libaccel-config (" + what + "): install accel-config"
                        + " (Debian/Ubuntu: accel-config, libaccel-config1) and enable an IAA work queue with it";
            case QplNatives.STS_INIT_WORK_QUEUES_NOT_AVAILABLE:
                return "no IAA work queue available to this process (" + what + "): check that `accel-config list`"
                        + " shows an enabled user work queue on an iax device, and that this user can open /dev/iax/wq*";
            case QplNatives.STS_INIT_HW_NOT_SUPPORTED:
                return "no IAA device: this QPL or CPU has no hardware path (" + what + "); IAA needs a 4th-generation"
                        + " Xeon or later and QPL built with hardware support";
            default:
                return "no usable IAA device (" + what + ")";
        }
    }
}
