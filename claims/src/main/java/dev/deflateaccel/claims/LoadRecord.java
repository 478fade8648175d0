package dev.deflateaccel.claims;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.deflateaccel.lab.MachineLoad;

/**
 * What a report says about the rest of the machine while it ran, the condition for a figure to
 * rest on it. The lab writes other processes' CPU as "N% other processes, M% steal": in the
 * header line "CPU used by other processes ..." (older chunk reports: "CPU used by others ..."),
 * per run or per repetition; a busy run adds "WARNING: the machine was busy".
 */
public enum LoadRecord {
    /** The report records other processes' CPU, every record at most the lab's limit, and no warning. */
    QUIET,
    /** Nothing in the report records other processes' CPU: nothing says the machine was quiet. */
    NOT_RECORDED,
    /**
     * The report warns that the machine was busy, or one of its records (a run, a repetition) has
     * other processes or steal above {@link MachineLoad#DISTURBED}, the limit the lab warns at.
     */
    BUSY;

    static final Pattern RECORD = Pattern.compile("(\\d+)% other processes, (\\d+)% steal");
    private static final Pattern HEADER_LINE = Pattern.compile("CPU used by (other processes|others)");

    static LoadRecord of(String reportText) {
        if (reportText.contains("WARNING: the machine was busy")) {
            return BUSY;
        }
        boolean recorded = HEADER_LINE.matcher(reportText).find();
        Matcher m = RECORD.matcher(reportText);
        while (m.find()) {
            recorded = true;
            if (Integer.parseInt(m.group(1)) > MachineLoad.DISTURBED * 100
                    || Integer.parseInt(m.group(2)) > MachineLoad.DISTURBED * 100) {
                return BUSY;
            }
        }
        return recorded ? QUIET : NOT_RECORDED;
    }

    /** The worse of two, for a figure derived from several reports. */
    LoadRecord worse(LoadRecord other) {
        return compareTo(other) >= 0 ? this : other;
    }
}
