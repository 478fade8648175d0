#!/usr/bin/env bash
# End-to-end benchmark: stock Deflate, Deflate + agent (libdeflate), Deflate + agent (igzip),
# LZ4 and Zstd tables, one fresh single node per run, round-robin, medians and ratios to stock
# Deflate in it/target/e2e-results/<timestamp>.md plus a PNG chart. Builds nothing; build once with
#     mvn -q -pl it -am package -DskipTests
# Usage: it/run-e2e-bench.sh [--short] [--cassandra 5.0|6.0] [--rows N] [--read-seconds S] [--repetitions R]
# (The former --full mode is gone: it/run-steady-load.sh is the reference run.)
# Ctrl-C stops the nodes and removes their data.
set -euo pipefail

it_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
target="$it_dir/target"
agent_jar="${DEFLATE_ACCEL_AGENT_JAR:-$it_dir/../agent/target/deflate-accel-agent.jar}"

for needed in "$target/harness-classpath.txt" "$target/test-classes/dev/deflateaccel/it/programs/EndToEndBench.class" "$target/cassandra/lib" "$agent_jar"; do
  if [ ! -e "$needed" ]; then
    echo "missing $needed" >&2
    echo "build first: (cd '$it_dir/..' && mvn -q -pl it -am package -DskipTests)" >&2
    exit 2
  fi
done

java="java"
if [ -n "${JAVA_HOME:-}" ]; then
  java="$JAVA_HOME/bin/java"
fi

exec "$java" -Djava.awt.headless=true -cp "$target/test-classes:$(cat "$target/harness-classpath.txt")" \
  -Ddeflateaccel.cassandra.lib="$target/cassandra/lib" \
  -Ddeflateaccel.cassandra60.lib="$it_dir/../it-cassandra60/target/cassandra/lib" \
  -Ddeflateaccel.agent.jar="$agent_jar" \
  -Ddeflateaccel.nodes.dir="$target/e2e-bench" \
  -Ddeflateaccel.e2e.results="$target/e2e-results" \
  dev.deflateaccel.it.programs.EndToEndBench "$@"
