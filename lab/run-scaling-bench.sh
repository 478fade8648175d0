#!/usr/bin/env bash
# Issue 12 item 5: per-chunk throughput at 1, 16, 64, 128 and 256 threads per engine (libdeflate,
# igzip; stock for reference), with the agent's default max_native_contexts and with a bound of
# the largest thread count; the share of calls that found every context busy; and whether the
# throughput at the largest thread count stays at least 0.9 of the best. On a 2-core machine this shows
# contention, not many-core scaling (the report says so).
#
#   lab/run-scaling-bench.sh                    the real run
#   lab/run-scaling-bench.sh --engines igzip --threads 1,64    any option: --help
#
# Report: lab/results/<stamp>-scaling.md and .png. Needs JDK 11+, Maven, libdeflate0 and libisal2.
set -euo pipefail
bench_name=scaling
source "$(dirname "${BASH_SOURCE[0]}")/bench-common.sh"
build_agent_and_lab
run_program dev.deflateaccel.lab.scaling.ScalingRunner "$@"
