# Sourced by it/run-*.sh: runs one program of it.programs on the harness's class path, against
# the lib/ folders and agent jar a build left in place. Builds nothing.
#   run_program <main class> <nodes dir name> [-Dextra=...] -- [program arguments]

it_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
target="$it_dir/target"
agent_jar="${DEFLATE_ACCEL_AGENT_JAR:-$it_dir/../agent/target/deflate-accel-agent.jar}"

run_program() {
  local main_class="$1" nodes="$2"
  shift 2
  local props=()
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do props+=("$1"); shift; done
  [ $# -gt 0 ] && shift
  local class_file="$target/test-classes/${main_class//.//}.class"
  for needed in "$target/harness-classpath.txt" "$class_file" "$target/cassandra/lib" "$agent_jar"; do
    if [ ! -e "$needed" ]; then
      echo "missing $needed" >&2
      echo "build first: (cd '$it_dir/..' && mvn -q -pl it -am package -DskipTests)" >&2
      exit 2
    fi
  done
  local java="java"
  if [ -n "${JAVA_HOME:-}" ]; then
    java="$JAVA_HOME/bin/java"
  fi
  exec "$java" -Djava.awt.headless=true -cp "$target/test-classes:$(cat "$target/harness-classpath.txt")" \
    -Ddeflateaccel.cassandra.lib="$target/cassandra/lib" \
    -Ddeflateaccel.cassandra60.lib="$it_dir/../it-cassandra60/target/cassandra/lib" \
    -Ddeflateaccel.agent.jar="$agent_jar" \
    -Ddeflateaccel.nodes.dir="$target/$nodes" \
    ${props[@]+"${props[@]}"} \
    "$main_class" "$@"
}
