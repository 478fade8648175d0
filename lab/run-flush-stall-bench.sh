#!/usr/bin/env bash
# Issue 37: does this machine's disk stall every I/O while it flushes, for longer the more was
# written since the previous flush? fio alone, no Cassandra: random 16 KiB reads at 1,000/s beside
# a compaction's sequential direct read and appending direct write at stock's and at igzip 1's
# pace, with an fsync every N MiB written. Run it where the node's data lives (--dir), on a quiet
# machine: it says whether a faster compaction's writes make each flush, and so each read stall,
# longer on that disk.
#
#   lab/run-flush-stall-bench.sh                         4 steps x 30 s x 3 repetitions (about 7 min)
#   lab/run-flush-stall-bench.sh --dir /var/lib/cassandra/probe --seconds 20    any option: --help
#
# Report: lab/results/<stamp>-flush-stall.md. Needs fio (Debian's package fio) and 3 GiB free in --dir.
set -euo pipefail
bench_name=flush-stall
source "$(dirname "${BASH_SOURCE[0]}")/bench-common.sh"
build_agent_and_lab
run_program dev.deflateaccel.lab.flush.FlushStallProbe "$@"
