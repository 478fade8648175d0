package dev.deflateaccel.agent.advise;

/** What the operator asked for beyond the sample's bounds: which tables, how they weigh, which goal. */
final class AdviseSettings {
    final SSTableFinder.Options finder;
    /** Null: each table weighs its uncompressed bytes. */
    final TableWeights weights;
    final Goal goal;
    final CostModel model;

    AdviseSettings(SSTableFinder.Options finder, TableWeights weights, Goal goal, CostModel model) {
        this.finder = finder;
        this.weights = weights;
        this.goal = goal;
        this.model = model;
    }

    static AdviseSettings defaults() {
        return new AdviseSettings(SSTableFinder.Options.defaults(), null, Goal.LEAST_CPU_AT_TODAYS_SIZE,
                CostModel.COMPACTION);
    }
}
