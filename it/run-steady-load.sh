#!/usr/bin/env bash
# Steady mixed load (the reference benchmark): 80% reads / 20% writes at a fixed rate on a
# time-series table, stock Deflate against the agent (libdeflate, igzip), LZ4 and Zstd, or the
# flush_compression variants; one fresh single node per run, configurations alternated, 3
# repetitions; node CPU per operation, latencies, compaction throughput, flushes. Results in
# it/target/steady-results/<timestamp>-steady.md and .png. Builds nothing; build once with
#     mvn -q -pl it -am package -DskipTests
# Usage: it/run-steady-load.sh --help. Ctrl-C stops the node and removes its data.
set -euo pipefail

it_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
target="$it_dir/target"
agent_jar="${DEFLATE_ACCEL_AGENT_JAR:-$it_dir/../agent/target/deflate-accel-agent.jar}"

for needed in "$target/harness-classpath.txt" "$target/test-classes/dev/deflateaccel/it/programs/SteadyLoad.class" "$target/cassandra/lib" "$agent_jar"; do
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
  -Ddeflateaccel.agent.jar="$agent_jar" \
  -Ddeflateaccel.nodes.dir="$target/steady-load" \
  -Ddeflateaccel.steady.results="$target/steady-results" \
  dev.deflateaccel.it.programs.SteadyLoad "$@"
