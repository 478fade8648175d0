package dev.deflateaccel.bridge.engine;

/**
 * What an operator should check when QATzip finds no usable device, by the code qzInit gave
 * (qatlib 2x.x with the in-tree qat_4xxx driver; the out-of-tree driver has the same checks
 * under other names). The engine is then unavailable and the next engine serves every call.
 */
final class QatDiagnosis {
    private QatDiagnosis() {
    }

    static String of(String what, int code) {
        switch (code) {
            case QatzipNatives.QZ_NOSW_NO_HW:
            case QatzipNatives.QZ_NO_HW:
                return "no QAT device found (" + what + ", QZ_NOSW_NO_HW): check that `lspci -d 8086:` lists a QAT"
                        + " device, that its driver is loaded (`lsmod | grep qat`) and that the qat service runs"
                        + " (`systemctl status qat`)";
            case QatzipNatives.QZ_NOSW_NO_MDRV:
                return "no QAT memory driver (" + what + ", QZ_NOSW_NO_MDRV): qatlib needs VFIO (/dev/vfio/*) open"
                        + " to this user: add it to group qat (`usermod -a -G qat <user>`)";
            case QatzipNatives.QZ_NOSW_NO_INST_ATTACH:
                return "no QAT compression instance for this process (" + what + ", QZ_NOSW_NO_INST_ATTACH): enable"
                        + " the dc service (ServicesEnabled=dc in /etc/sysconfig/qat, then `systemctl restart qat`)"
                        + " and check that this user is in group qat";
            case QatzipNatives.QZ_NOSW_LOW_MEM:
                return "QAT could not get pinned memory (" + what + ", QZ_NOSW_LOW_MEM): raise the locked-memory"
                        + " limit of the Cassandra user (`ulimit -l`, LimitMEMLOCK in its systemd unit)";
            default:
                return "no usable QAT device (" + what + ")";
        }
    }
}
