#!/usr/bin/env bash
# Issue 12 item 3: libdeflate levels 1-9 and igzip levels 0-3 against stock zlib 6 (java.util.zip,
# what Cassandra writes) on Cassandra row chunks at 4/16/64 KiB, through the real DeflateCompressor
# with the agent: total size against stock, compress and decompress MB/s (median and min-max of 5
# rounds), and the fastest libdeflate level no larger than stock, computed per chunk size.
#
#   lab/run-levels-bench.sh --sstables DIR   the real run: DIR holds the *-Data.db files of a table
#                                              a node wrote with compression = {'enabled': false}
#   lab/run-levels-bench.sh                  fallback on generated rows (labelled NOT node-written)
#   lab/run-levels-bench.sh --dataset calgary --chunks 16 --rounds 3   any option: --help
#
# Report: lab/results/<stamp>-levels.md and .png. Needs JDK 11+, Maven, libdeflate0 and libisal2.
set -euo pipefail
bench_name=levels
source "$(dirname "${BASH_SOURCE[0]}")/bench-common.sh"
build_agent_and_lab
run_program dev.deflateaccel.lab.levels.LevelsRunner "$@"
