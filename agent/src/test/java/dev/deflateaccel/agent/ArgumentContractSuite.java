package dev.deflateaccel.agent;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** {@link ArgumentContractCases} on every cassandra-all version, 5.0 first. */
final class ArgumentContractSuite implements ChildSuite {
    private final List<ChildCase> cases = ArgumentContractCases.all();

    @Override
    public List<String> versions() {
        return primaryFirst(CassandraJars.versions());
    }

    /** 5.0 (the brief's reference) first, so that a crash names a 5.0 case. */
    static List<String> primaryFirst(List<String> versions) {
        List<String> ordered = new ArrayList<>();
        versions.stream().filter(v -> v.startsWith("5.0")).forEach(ordered::add);
        versions.stream().filter(v -> !v.startsWith("5.0")).forEach(ordered::add);
        return ordered;
    }

    @Override
    public ChildCase caseAt(int index) {
        return index < cases.size() ? cases.get(index) : null;
    }

    @Override
    public boolean printsEveryOutcome() {
        return true;
    }

    @Override
    public List<String> summary() {
        return Arrays.asList("cases per version: " + cases.size());
    }
}
