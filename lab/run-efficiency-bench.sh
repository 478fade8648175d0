#!/usr/bin/env bash
# Issue 12 item 4: the agent's efficiency against the same library called from C, in one run.
# native_ref --serve (compiled here) and one agent JVM per engine stay warm; per repetition both
# sides measure the same chunks with the same level, output room and timing, C first in odd
# repetitions, the agent first in even ones. Reports the median agent/C ratio over the
# repetitions with its spread, per engine and direction (target: at least 0.95).
#
#   lab/run-efficiency-bench.sh                 the real run: 7 repetitions, calgary, 16 KiB
#   lab/run-efficiency-bench.sh --reps 9 --rounds 5    any option: --help
#
# Report: lab/results/<stamp>-efficiency.md. Needs gcc, libdeflate-dev and libisal-dev
# (Debian: apt-get install gcc libdeflate-dev libisal-dev) besides JDK 11+ and Maven.
set -euo pipefail
bench_name=efficiency
source "$(dirname "${BASH_SOURCE[0]}")/bench-common.sh"
build_agent_and_lab
run_program dev.deflateaccel.lab.efficiency.EfficiencyRunner "$@"
