#!/usr/bin/env bash
# The project's main command: the same short workload on a stock Cassandra 5.0 node (6.0 with
# --cassandra 6.0) with the deflate-accel agent and on one without it, printed side by side.
# Each node is a release layout started with its own bin/cassandra -f. Builds nothing itself; build
# once with
#     mvn -q -pl lab -am package -DskipTests
# Options: see --help. Ctrl-C stops the nodes and removes their data.
set -euo pipefail

. "$(dirname "${BASH_SOURCE[0]}")/node-common.sh"
run_program dev.deflateaccel.lab.node.SideBySide side-by-side -- "$@"
