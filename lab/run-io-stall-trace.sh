#!/usr/bin/env bash
# Issue 37: where a fast compaction's worst read moments come from. Runs
#     lab/run-steady-load.sh --compaction-reads --jfr DIR <your options>
# under a machine-wide perf trace of the disk's flush, discard and write requests and of every
# sync call (fsync, fdatasync, msync, sync_file_range, with the calling thread's name), then reads
# both with JfrIoStalls: the moments at which many of the node's file I/Os ended together (JFR), and
# the disk flush that ended with each, who asked for it and how much had been written before it
# (perf). Needs root, perf (Debian's linux-perf) and a quiet machine; builds nothing (build once with
# mvn -q -pl lab -am package -DskipTests).
#
#   lab/run-io-stall-trace.sh --cassandra 6.0 --cgroup-mib 256 --throttle-mibs 1024 --window-seconds 45 \
#       --rate 1000 --rows 3500000 --seconds 15 --warmup-seconds 10 --configs cassandra-direct,igzip-direct
#
# Reports: the compaction-reads report and <stamp>-io-stalls.md, both in lab/target/steady-results
# (or --results DIR); the JFR recordings and perf's trace in lab/target/io-stall-trace.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
command -v perf > /dev/null || { echo "perf is missing: apt-get install linux-perf" >&2; exit 2; }
work="$repo/lab/target/io-stall-trace"
rm -rf "$work" && mkdir -p "$work"
results="$repo/lab/target/steady-results"
args=("$@")
for ((i = 0; i < ${#args[@]}; i++)); do
  [[ ${args[i]} == --results ]] && results="${args[i + 1]}"
done

# perf stamps events with CLOCK_MONOTONIC (-k mono), JFR with the wall clock: keep their difference.
python3 -c 'import time; m = time.monotonic(); print("%.3f" % ((time.time() - m) * 1000))' > "$work/realtime-minus-mono-ms"
perf record -a -k mono -o "$work/perf.data" \
  -e block:block_rq_issue --filter 'rwbs ~ "*F*" || rwbs ~ "*D*" || rwbs ~ "*W*"' \
  -e block:block_rq_complete --filter 'rwbs ~ "*F*" || rwbs ~ "*D*"' \
  -e syscalls:sys_enter_fsync -e syscalls:sys_enter_fdatasync -e syscalls:sys_enter_msync \
  -e syscalls:sys_enter_sync_file_range > "$work/perf.log" 2>&1 &
perf_pid=$!
trap 'kill -INT $perf_pid 2> /dev/null || true' EXIT
sleep 2
lab/run-steady-load.sh --compaction-reads --jfr "$work/jfr" "$@"
kill -INT $perf_pid
wait $perf_pid || true
trap - EXIT
perf script -i "$work/perf.data" -F comm,tid,time,event,trace > "$work/perf-script.txt" 2> /dev/null
stamp=$(date -u +%Y%m%d-%H%M%S)
java -cp lab/target/deflate-accel-lab.jar dev.deflateaccel.lab.node.JfrIoStalls \
  --recorded-by "lab/run-io-stall-trace.sh $*" --perf-script "$work/perf-script.txt" \
  --realtime-minus-mono-ms "$(cat "$work/realtime-minus-mono-ms")" \
  --out "$results/$stamp-io-stalls.md" --recordings "$work/jfr"
