#!/usr/bin/env bash
# enrollsim-bench of this checkout beside a previous build's, rounds alternating (which goes first
# alternates too): each row's per-operation time as a ratio to the previous build's in the same
# round, and the median of those ratios over the rounds (above 1: this build is slower).
#
#   PREV=/path/to/enrollsim-bench Benchmarks/bench-compare.sh [case …, default: backend batch futurae card events screens paste]
#
# Environment: BIN (this build; default: `swift build -c release --scratch-path .build-release`'s
# enrollsim-bench), PREV (required), ROUNDS (3). Rows of the form "name  1.23 µs  …" are compared;
# the distribution rows (events: median, p90, p99) by their median.
set -euo pipefail

cd "$(dirname "$0")/.."
ROUNDS="${ROUNDS:-3}"
: "${PREV:?PREV must name the previous enrollsim-bench binary}"
CASES=("$@")
[ ${#CASES[@]} -gt 0 ] || CASES=(backend batch futurae card events screens paste)

if [ -z "${BIN:-}" ]; then
  swift build -c release --product enrollsim-bench --scratch-path .build-release > /dev/null
  BIN="$(swift build -c release --scratch-path .build-release --show-bin-path)/enrollsim-bench"
fi

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
echo "enrollsim-bench: $BIN vs PREV $PREV; cases ${CASES[*]}; $ROUNDS rounds, $(nproc) cores"
for round in $(seq "$ROUNDS"); do
  order=(new prev)
  [ $((round % 2)) -eq 0 ] && order=(prev new)
  for case in "${CASES[@]}"; do
    for side in "${order[@]}"; do
      binary="$BIN"
      [ "$side" = prev ] && binary="$PREV"
      "$binary" "$case" >> "$WORK/$side.$round" 2> /dev/null
    done
  done
  echo "round $round done (load $(cut -d' ' -f1 /proc/loadavg))"
done

python3 - "$WORK" "$ROUNDS" << 'PY'
import os, re, statistics, sys
work, rounds = sys.argv[1], int(sys.argv[2])
units = {"ns": 1e-3, "µs": 1, "us": 1, "ms": 1e3, "s": 1e6}
def rows(path):
    found = {}
    def add(name, value):  # a name seen again (events: SMS, then purchases) is numbered
        n = 2
        while name in found: name, n = f"{name.split(' #')[0]} #{n}", n + 1
        found[name] = value
    for line in open(path):
        m = re.match(r"(\S.*?)\s{2,}([\d.]+) (ns|µs|ms|s)\s", line)
        if m and not line.startswith("case"):
            add(m.group(1).strip(), float(m.group(2)) * units[m.group(3)])
            continue
        m = re.match(r"\s+(\S.*?)\s{2,}median ([\d.]+) ms", line)
        if m:
            add(m.group(1).strip() + " (median)", float(m.group(2)) * 1e3)
    return found
ratios, new_figures, prev_figures = {}, {}, {}
for r in range(1, rounds + 1):
    new, prev = rows(os.path.join(work, f"new.{r}")), rows(os.path.join(work, f"prev.{r}"))
    for name in new:
        if name in prev and prev[name] > 0:
            ratios.setdefault(name, []).append(new[name] / prev[name])
            new_figures.setdefault(name, []).append(new[name])
            prev_figures.setdefault(name, []).append(prev[name])
print(f"{'row':<52} {'new µs':>10} {'prev µs':>10}  new / prev (median of rounds; each round)")
for name, values in ratios.items():
    mark = "  > 1.10" if statistics.median(values) > 1.10 else ""
    print(f"{name[:52]:<52} {statistics.median(new_figures[name]):>10.2f} {statistics.median(prev_figures[name]):>10.2f}  "
          f"{statistics.median(values):.2f}× ({', '.join(f'{v:.2f}' for v in values)}){mark}")
PY
