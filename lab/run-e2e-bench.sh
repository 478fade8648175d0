#!/usr/bin/env bash
# End-to-end benchmark: stock Deflate, Deflate + agent (libdeflate), Deflate + agent (igzip),
# LZ4 and Zstd tables, one fresh single node per run, order rotated per repetition, medians and
# ratios to stock Deflate in lab/target/e2e-results/<timestamp>-e2e.md plus a PNG chart.
# Builds nothing; build once with
#     mvn -q -pl lab -am package -DskipTests
# Usage: lab/run-e2e-bench.sh [--short] [--cassandra 5.0|6.0] [--rows N] [--read-seconds S] [--repetitions R]
# (The former --full mode is gone: lab/run-steady-load.sh is the reference run.)
# Ctrl-C stops the nodes and removes their data.
set -euo pipefail

. "$(dirname "${BASH_SOURCE[0]}")/node-common.sh"
run_program dev.deflateaccel.lab.node.EndToEndBench e2e-bench -Ddeflateaccel.e2e.results="$target/e2e-results" -- "$@"
