package dev.deflateaccel.lab.experiment;

import java.util.ArrayList;
import java.util.List;

import dev.deflateaccel.lab.tools.ChildSession;
import dev.deflateaccel.lab.tools.ProtocolLine;

/**
 * One configuration's child and what it answered: its ready line, one result line per measure
 * command (the measurements, as named values), its engine check; or why it has none.
 */
public final class Run {
    public final Configuration configuration;
    public ProtocolLine ready;
    public final List<ProtocolLine> results = new ArrayList<>();
    public String check = "";
    /** Set when the child failed; its numbers, if any, are not reported. */
    public String failure;
    ChildSession session;

    public Run(Configuration configuration) {
        this.configuration = configuration;
    }

    /** Kills the child if it still runs; a no-op after a clean finish or when it never started. */
    public void close() {
        if (session != null) {
            session.close();
        }
    }

    public boolean usable() {
        return failure == null;
    }
}
