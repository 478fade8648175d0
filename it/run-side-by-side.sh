#!/usr/bin/env bash
# The project's main command: the same short workload on a stock Cassandra 5.0 node (6.0 with
# --cassandra 6.0) with the deflate-accel agent and on one without it, printed side by side.
# Each node is a release layout started with its own bin/cassandra -f. Builds nothing itself; build
# once with
#     mvn -q -pl it -am package -DskipTests
# Options: see --help. Ctrl-C stops the nodes and removes their data.
set -euo pipefail

it_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
target="$it_dir/target"
agent_jar="${DEFLATE_ACCEL_AGENT_JAR:-$it_dir/../agent/target/deflate-accel-agent.jar}"

for needed in "$target/harness-classpath.txt" "$target/test-classes" "$target/cassandra/lib" "$agent_jar"; do
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

# exec: Ctrl-C reaches the JVM directly, whose shutdown hook kills the nodes and removes their data.
exec "$java" -cp "$target/test-classes:$(cat "$target/harness-classpath.txt")" \
  -Ddeflateaccel.cassandra.lib="$target/cassandra/lib" \
  -Ddeflateaccel.cassandra60.lib="$it_dir/../it-cassandra60/target/cassandra/lib" \
  -Ddeflateaccel.agent.jar="$agent_jar" \
  -Ddeflateaccel.nodes.dir="$target/side-by-side" \
  dev.deflateaccel.it.programs.SideBySide "$@"
