#!/usr/bin/env bash
# Steady mixed load (the reference benchmark): 80% reads / 20% writes at a fixed rate on a
# time-series table, stock Deflate against the agent (libdeflate, igzip), LZ4 and Zstd, or the
# flush_compression variants; one fresh single node per run, configurations alternated, 3
# repetitions; node CPU per operation, latencies, compaction throughput, flushes. Results in
# lab/target/steady-results/<timestamp>-steady.md and .png. Builds nothing; build once with
#     mvn -q -pl lab -am package -DskipTests
# Usage: lab/run-steady-load.sh --help. Ctrl-C stops the node and removes its data.
set -euo pipefail

. "$(dirname "${BASH_SOURCE[0]}")/node-common.sh"
run_program dev.deflateaccel.lab.node.SteadyLoad steady-load -Ddeflateaccel.steady.results="$target/steady-results" -- "$@"
