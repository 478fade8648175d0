#!/usr/bin/env bash
# Builds the agent and the lab module, then runs the chunk benchmark: Cassandra's DeflateCompressor
# stock vs with the agent (libdeflate, igzip), LZ4 and Zstd, plus the native C reference.
#
#   lab/run-chunk-bench.sh              quick mode (16 KiB, one data set, 1 fork; a few minutes)
#   lab/run-chunk-bench.sh --full       full mode (4/16/64 KiB, every data set, 2 forks; ~25 min)
#   lab/run-chunk-bench.sh --no-agent   stock/LZ4/Zstd and C only (the lab build still builds the agent jar)
#   any other argument goes to the runner (see: --help), e.g. --configs stock,igzip --chunks 4,64
#
# Needs JDK 11+, Maven, gcc, libdeflate-dev and libisal-dev (Debian: apt-get install gcc
# libdeflate-dev libisal-dev). The report goes to lab/results/<timestamp>.md, the full console log
# to lab/target/chunk-bench.log.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"

build_agent=1
runner_args=()
for arg in "$@"; do
  case "$arg" in
    --no-agent) build_agent=0; runner_args+=(--configs stock,lz4,zstd) ;;
    *) runner_args+=("$arg") ;;
  esac
done

step() { printf '\n[run-chunk-bench] %s (%s)\n' "$1" "$(date +%H:%M:%S)"; }

if [[ $build_agent == 1 ]]; then
  step "building agent + lab: mvn -q -B -pl agent,lab -am package -DskipTests"
  if ! mvn -q -B -pl agent,lab -am package -DskipTests; then
    echo "[run-chunk-bench] the build failed" >&2
    exit 1
  fi
  # A stale jar from an earlier build would be measured under today's label: insist on a fresh one.
  agent_jar="$repo/agent/target/deflate-accel-agent.jar"
  if [[ ! -f "$agent_jar" ]]; then
    echo "[run-chunk-bench] build succeeded but $agent_jar is missing" >&2
    exit 1
  fi
  runner_args+=(--require-agent --agent "$agent_jar")
else
  step "building the lab without the agent: mvn -q -B -pl lab -am package -DskipTests"
  mvn -q -B -pl lab -am package -DskipTests
fi

java_bin="${JAVA_HOME:+$JAVA_HOME/bin/}java"
step "running: $java_bin -jar lab/target/deflate-accel-lab.jar ${runner_args[*]:-}"
set +e
"$java_bin" -jar lab/target/deflate-accel-lab.jar "${runner_args[@]}" 2>&1 | tee lab/target/chunk-bench.log
status=${PIPESTATUS[0]}
set -e
step "finished with status $status"
exit "$status"
