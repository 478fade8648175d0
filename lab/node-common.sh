# Sourced by lab/run-side-by-side.sh, and run-steady-load.sh: runs one node
# program of lab (dev.deflateaccel.lab.node) from the lab jar, against the node lib/ folders
# (cassandra-lib) and the agent jar a build left in place. Builds nothing.
#   run_program <main class> <nodes dir name> [-Dextra=...] -- [program arguments]

lab_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$lab_dir/.." && pwd)"
target="$lab_dir/target"
agent_jar="${DEFLATE_ACCEL_AGENT_JAR:-$repo/agent/target/deflate-accel-agent.jar}"

run_program() {
  local main_class="$1" nodes="$2"
  shift 2
  local props=()
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do props+=("$1"); shift; done
  [ $# -gt 0 ] && shift
  for needed in "$target/deflate-accel-lab.jar" "$target/node-lib/deflate-accel-native-bridge.jar" \
      "$repo/cassandra-lib/5.0/target/cassandra/lib" "$agent_jar"; do
    if [ ! -e "$needed" ]; then
      echo "missing $needed" >&2
      echo "build first: (cd '$repo' && mvn -q -pl lab -am package -DskipTests)" >&2
      exit 2
    fi
  done
  local java="java"
  if [ -n "${JAVA_HOME:-}" ]; then
    java="$JAVA_HOME/bin/java"
  fi
  # The jar's manifest puts target/lib/ on the class path; the bridge (engine facts, statistics
  # reader) is not in lib/, because the chunk benchmark's forks must get it only through -javaagent.
  # The opens are for Cassandra's own code running in this JVM (CQLSSTableWriter of the
  # reads-during-compaction run), as Cassandra's conf/jvm17-server.options gives them to a node.
  exec "$java" -Djava.awt.headless=true \
    --add-exports java.base/jdk.internal.misc=ALL-UNNAMED --add-exports java.base/jdk.internal.ref=ALL-UNNAMED \
    --add-exports jdk.unsupported/sun.misc=ALL-UNNAMED --add-opens java.base/java.io=ALL-UNNAMED \
    --add-opens java.base/java.nio=ALL-UNNAMED --add-opens java.base/sun.nio.ch=ALL-UNNAMED \
    --add-opens java.base/java.lang=ALL-UNNAMED --add-opens java.base/java.util=ALL-UNNAMED \
    -Ddeflateaccel.sstable.cache="$target/offline-sstables" \
    -cp "$target/deflate-accel-lab.jar:$target/node-lib/deflate-accel-native-bridge.jar" \
    -Ddeflateaccel.cassandra.lib="$repo/cassandra-lib/5.0/target/cassandra/lib" \
    -Ddeflateaccel.cassandra60.lib="$repo/cassandra-lib/6.0/target/cassandra/lib" \
    -Ddeflateaccel.cassandra40.lib="$repo/cassandra-lib/4.0/target/cassandra/lib" \
    -Ddeflateaccel.cassandra41.lib="$repo/cassandra-lib/4.1/target/cassandra/lib" \
    -Ddeflateaccel.agent.jar="$agent_jar" \
    -Ddeflateaccel.nodes.dir="$target/$nodes" \
    ${props[@]+"${props[@]}"} \
    "$main_class" "$@"
}
