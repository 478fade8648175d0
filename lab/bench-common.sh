# Sourced by the lab/run-*-bench.sh scripts: builds the agent and the lab module, then runs
# one benchmark program with the script's own command line recorded, so its report can say how
# it was made. Not meant to be run on its own.
#
# Environment: MVN (default "mvn", e.g. MVN="mvn -o" offline), BENCH_SKIP_BUILD=1 to measure the
# jars already built (the report still names the agent jar and its build time).

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"

step() { printf '\n[%s] %s (%s)\n' "$bench_name" "$1" "$(date +%H:%M:%S)"; }

build_agent_and_lab() {
  if [[ ${BENCH_SKIP_BUILD:-0} == 1 ]]; then
    step "BENCH_SKIP_BUILD=1: measuring the jars already in agent/target and lab/target"
  else
    step "building agent + lab: ${MVN:-mvn} -q -B -pl agent,lab -am package -DskipTests"
    if ! ${MVN:-mvn} -q -B -pl agent,lab -am package -DskipTests; then
      echo "[$bench_name] the build failed" >&2
      exit 1
    fi
  fi
  for jar in agent/target/deflate-accel-agent.jar lab/target/deflate-accel-lab.jar; do
    if [[ ! -f $jar ]]; then
      echo "[$bench_name] $jar is missing" >&2
      exit 1
    fi
  done
}

# run_program MAIN_CLASS ARGS...: runs it, logs to lab/target/<name>-bench.log, returns its status.
run_program() {
  local main=$1
  shift
  local command="lab/run-$bench_name-bench.sh" arg
  for arg in "$@"; do
    # Plain words as they are (so "--threads 1,64" stays readable), anything else shell-quoted.
    if [[ $arg =~ ^[A-Za-z0-9,._/:=+@%-]+$ ]]; then command+=" $arg"; else command+=" $(printf '%q' "$arg")"; fi
  done
  export DEFLATEACCEL_BENCH_COMMAND="$command"
  local java_bin="${JAVA_HOME:+$JAVA_HOME/bin/}java"
  step "running: $java_bin -cp lab/target/deflate-accel-lab.jar $main $*"
  set +e
  "$java_bin" -cp lab/target/deflate-accel-lab.jar "$main" "$@" 2>&1 | tee "lab/target/$bench_name-bench.log"
  local status=${PIPESTATUS[0]}
  set -e
  step "finished with status $status (console log: lab/target/$bench_name-bench.log)"
  return "$status"
}
