package dev.deflateaccel.agent;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** {@link ArgumentContractCases} on every cassandra-all version, the primary one (5.0) first. */
final class ArgumentContractSuite implements ChildSuite {
    private final List<ChildCase> cases = ArgumentContractCases.all();

    @Override
    public List<String> versions() {
        return primaryFirst(CassandraJars.versions());
    }

    /**
     * {@link CassandraJars#primary()} (5.0, the brief's reference; 4.1 on Java 8) first, so that a
     * crash names a case of that line.
     */
    static List<String> primaryFirst(List<String> versions) {
        String primary = CassandraJars.primaryOf(versions);
        List<String> ordered = new ArrayList<>();
        ordered.add(primary);
        versions.stream().filter(v -> !v.equals(primary)).forEach(ordered::add);
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
