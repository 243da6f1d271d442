#!/usr/bin/env bash
# Runs the test suite (or the tests a filter names) while busy loops run beside it: a machine as
# loaded as CI's or a developer's during a build, where a test that waits on a fixed time, or on
# something it did not ask for, fails. The loops are this script's own children, stopped by their
# process ids when the tests end (or the script is interrupted); nothing else is touched.
#
#   scripts/busy-suite.sh                      # the whole suite beside two busy loops
#   scripts/busy-suite.sh --filter Workbench   # a few tests (swift test's own arguments)
#   BUSY_LOOPS=4 scripts/busy-suite.sh         # more loops (default 2)
#   BUSY_ROUNDS=5 scripts/busy-suite.sh --filter aClosedPortIsNoInternet2202   # the same tests 5 times
#
# The tests are built first (swift build --build-tests), without load; they then run with
# --skip-build, SNAPSHOT_TESTING_RECORD=never and the CI's SWIFT_BACKTRACE, as .ci/run does.
# Exit status: the first failing round's, else 0.
set -euo pipefail
cd "$(dirname "$0")/.."

loops=${BUSY_LOOPS:-2}
rounds=${BUSY_ROUNDS:-1}
export SNAPSHOT_TESTING_RECORD=never
export SWIFT_BACKTRACE=interactive=no,output-to=stderr

swift build --build-tests

pids=()
stop_loops() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  pids=()
}
trap stop_loops EXIT
trap 'exit 130' INT TERM

# Busy loops in the shell itself: no tool to install, one core each while they run.
for _ in $(seq "$loops"); do
  bash -c 'while :; do :; done' &
  pids+=("$!")
done
echo "busy-suite: $loops busy loops beside the tests (pids ${pids[*]}), $rounds round(s)" >&2

status=0
for round in $(seq "$rounds"); do
  echo "busy-suite: round $round of $rounds" >&2
  if ! swift test --skip-build "$@"; then
    status=1
    echo "busy-suite: round $round failed" >&2
    break
  fi
done
exit "$status"
