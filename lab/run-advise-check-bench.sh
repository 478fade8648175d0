#!/usr/bin/env bash
# Issue 56 item 4: advise's speed for stock zlib 6, libdeflate 6, igzip 1, LZ4 and Zstd against the
# chunk benchmark's (JMH, Cassandra's real compressor classes) on the same chunks of one real table:
# a stock node writes the same rows into a Deflate, an LZ4 and a Zstd table (one SSTable each) and
# stops; each round then runs advise --json --all-chunks on them and JMH on each table's chunks.
#
#   lab/run-advise-check-bench.sh                      5.0 node, 9000 rows per table, 3 rounds (~10 min)
#   lab/run-advise-check-bench.sh --rounds 5 --rows 8000   any option: --help
#
# Report: lab/results/<stamp>-advise-check.md (and .json). Needs JDK 17, Maven, libdeflate0, libisal2,
# and the machine to itself.
set -euo pipefail
bench_name=advise-check
source "$(dirname "${BASH_SOURCE[0]}")/bench-common.sh"
build_agent_and_lab
run_program dev.deflateaccel.lab.advise.AdviseCheckRunner "$@"
