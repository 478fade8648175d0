#!/usr/bin/env bash
# The project's main command: what the agent changes on one stock Cassandra 5.0 node (6.0 with
# --cassandra 6.0), measured by the agent's own codec clock on both sides. The node starts with the
# agent and every engine off (stock: Cassandra's own code, timed); the agent's config is then
# switched live between stock, libdeflate and igzip, each phase a major compaction of the whole
# table and a mixed load, the order rotated each round. About 7 minutes on 2 cores. Report, data and
# chart: lab/results/<stamp>-side-by-side.{md,json,png}. Builds nothing itself; build once with
#     mvn -q -pl lab -am package -DskipTests
# Options: see --help. Ctrl-C stops the node and removes its data.
set -euo pipefail

. "$(dirname "${BASH_SOURCE[0]}")/node-common.sh"
run_program dev.deflateaccel.lab.node.SideBySide side-by-side -- "$@"
