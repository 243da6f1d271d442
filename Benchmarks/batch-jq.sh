#!/usr/bin/env bash
# `enrollsim batch` beside `jq -c .` on the same file of JSON lines (issue 39): `enrollsim-bench
# batch`'s script of 8 lines (7 calls or the clock, 1 unknown call) repeated to LINES lines, each
# program reading the file on its standard input and writing to /dev/null, the two by turns, the
# first of the two changing every round. Prints each round's throughputs, and the medians of the
# per-round ratios (enrollsim's rate / jq's, in wall-clock time and in CPU time, user + system).
#
#   [PREV=/path/to/enrollsim] Benchmarks/batch-jq.sh
#
# Environment: BIN (this build; default: `swift build -c release --scratch-path .build-release`'s
# enrollsim), PREV (another build's enrollsim, measured in the same rounds), LINES (200000),
# ROUNDS (7), SCENARIO (enrolled), JQ (jq).
set -euo pipefail

cd "$(dirname "$0")/.."
LINES="${LINES:-200000}"
ROUNDS="${ROUNDS:-7}"
SCENARIO="${SCENARIO:-enrolled}"
JQ="${JQ:-jq}"
command -v "$JQ" > /dev/null || { echo "jq is missing (Debian package jq)" >&2; exit 1; }
if [ -z "${BIN:-}" ]; then
  swift build -c release --scratch-path .build-release --product enrollsim > /dev/null
  swift build -c release --scratch-path .build-release --product enrollsim-bench > /dev/null
  BIN="$(swift build -c release --scratch-path .build-release --show-bin-path)/enrollsim"
fi
BENCH="$(dirname "$BIN")/enrollsim-bench"

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
"$BENCH" batch-script "$LINES" > "$WORK/lines.jsonl"

python3 - "$WORK/lines.jsonl" "$ROUNDS" "$BIN" "$SCENARIO" "$(command -v "$JQ")" "${PREV:-}" << 'PY'
import os, resource, statistics, subprocess, sys, time
lines_file, rounds, binary, scenario, jq, prev = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5], sys.argv[6]
count = sum(1 for _ in open(lines_file, "rb"))
programs = [("enrollsim", [binary, "batch", "--scenario", scenario]), ("jq", [jq, "-c", "."])]
if prev:
    programs.append(("prev", [prev, "batch", "--scenario", scenario]))

def run(argv):
    """Wall-clock and CPU seconds (user + system) of one run over the file."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    with open(lines_file, "rb") as stdin, open(os.devnull, "wb") as stdout:
        subprocess.run(argv, stdin=stdin, stdout=stdout, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)

print(f"{count} lines, {rounds} rounds, {os.cpu_count()} cores; {binary}" + (f" and PREV {prev}" if prev else ""))
for _, argv in programs: run(argv)  # warm-up: the page cache, the binaries
ratios = {name: ([], []) for name, _ in programs if name != "jq"}
for r in range(rounds):
    order = programs if r % 2 == 0 else list(reversed(programs))
    figures = {name: run(argv) for name, argv in order}
    load = os.getloadavg()[0]
    jq_wall, jq_cpu = figures["jq"]
    text = ", ".join(f"{name} {count / wall:,.0f} lines/s ({count / cpu:,.0f} per CPU s)" for name, (wall, cpu) in figures.items())
    print(f"round {r + 1}: {text}; load {load:.1f}")
    for name, (wall, cpu) in figures.items():
        if name != "jq":
            ratios[name][0].append(jq_wall / wall)
            ratios[name][1].append(jq_cpu / cpu)
for name, (wall, cpu) in ratios.items():
    print(f"{name} / jq's rate, median of {rounds} rounds: {statistics.median(wall):.2f}× wall clock "
          f"({' '.join(f'{v:.2f}' for v in sorted(wall))}), {statistics.median(cpu):.2f}× CPU time "
          f"({' '.join(f'{v:.2f}' for v in sorted(cpu))})")
PY
