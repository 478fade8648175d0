#!/usr/bin/env bash
# Builds the agent and the lab module, then runs the chunk benchmark: Cassandra's DeflateCompressor
# stock vs with the agent (libdeflate, igzip), LZ4 and Zstd, plus the native C reference.
#
#   lab/run-chunk-bench.sh              quick mode (16 KiB, one data set, 1 fork; a few minutes)
#   lab/run-chunk-bench.sh --full       full mode (4/16/64 KiB, every data set, 2 forks; ~25 min)
#   lab/run-chunk-bench.sh --no-agent   stock/LZ4/Zstd and C only (the build still builds the agent jar)
#   any other argument goes to the runner (see: --help), e.g. --configs stock,igzip --chunks 4,64
#
# Needs JDK 11+, Maven, gcc, libdeflate-dev and libisal-dev (Debian: apt-get install gcc
# libdeflate-dev libisal-dev). The report goes to lab/results/<timestamp>.md, the full console log
# to lab/target/chunk-bench.log. MVN and BENCH_SKIP_BUILD as for every lab script (bench-common.sh).
set -euo pipefail
bench_name=chunk
source "$(dirname "${BASH_SOURCE[0]}")/bench-common.sh"

runner_args=()
with_agent=1
for arg in "$@"; do
  case "$arg" in
    --no-agent) with_agent=0; runner_args+=(--configs stock,lz4,zstd) ;;
    *) runner_args+=("$arg") ;;
  esac
done
build_agent_and_lab
# The agent just built, and never a missing one: a stale or absent jar must not be measured under today's label.
if [[ $with_agent == 1 ]]; then
  runner_args+=(--require-agent --agent "$repo/agent/target/deflate-accel-agent.jar")
fi
run_program dev.deflateaccel.lab.chunk.ChunkBenchmarkRunner "${runner_args[@]}"
