package dev.deflateaccel.it.scenarios;

import dev.deflateaccel.harness.CassandraLine;

/**
 * A scenario that runs once per Cassandra line ({@code @ParameterizedClass} over
 * {@link CassandraLine}): {@link SharedNodeExtension} hands it the shared node of its line.
 * Scenarios that do not implement this run on 5.0.
 */
interface OnCassandraLine {

    CassandraLine line();
}
