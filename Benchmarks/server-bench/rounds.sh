# Sourced by server-compare.sh and authapi-compare.sh: wrk loads run by rounds, the loads of a
# round in an order that turns by one every round (no load always first, or always after the same
# one), each load's rate, p99 and its server's CPU time per request (user + system, from /proc, its
# children included: nginx's workers), and the medians of per-round ratios. On two cores shared
# with other work the rate depends on the share of the cores each server gets; ratios within a
# round, and the CPU per request, much less.
#
#   rounds_begin                      # WORK (a temporary folder) and PIDS, cleaned up at exit
#   run_rounds ROUNDS LOAD…           # LOAD: "KEY PID URL PREPARE…": PREPARE, a command (a shell
#                                     # function and its words) run before wrk in its subshell,
#                                     # exports the Lua script's variables and sets SCRIPT (a file of
#                                     # Benchmarks/server-bench, or none)
#   medians "LABEL=KEY.rate/KEY.rate" …   # each figure is KEY.rate, KEY.p99 (ms) or KEY.cpu (µs)
#
# Environment: CONNECTIONS (64), THREADS (2), and the caller's DURATION.

CONNECTIONS="${CONNECTIONS:-64}"
THREADS="${THREADS:-2}"

need_tool() { # command package: installs the Debian package when the command is missing
  command -v "$1" > /dev/null || PATH="$PATH:/usr/sbin" command -v "$1" > /dev/null || {
    echo "installing $1 (Debian package)…" >&2
    apt-get install -y "$2" > /dev/null || { apt-get update > /dev/null && apt-get install -y "$2" > /dev/null; }
  }
}

release_bin() { # sets BIN to this checkout's release build unless it is set
  if [ -z "${BIN:-}" ]; then
    swift build -c release --product enrollsim --scratch-path .build-release > /dev/null
    BIN="$(swift build -c release --scratch-path .build-release --show-bin-path)/enrollsim"
  fi
}

rounds_begin() {
  WORK="$(mktemp -d)"
  PIDS=()
  trap rounds_cleanup EXIT
}

rounds_cleanup() {
  for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2> /dev/null || true; wait "$pid" 2> /dev/null || true; done
  rm -rf "$WORK"
}

cpu_ticks() { # pid: user + system clock ticks of the process and its children
  local total=0 p
  for p in "$1" $(pgrep -P "$1" || true); do
    total=$((total + $(awk '{print $14 + $15}' "/proc/$p/stat" 2> /dev/null || echo 0)))
  done
  echo "$total"
}

measure() { # key pid url prepare…: "KEY.rate=… KEY.p99=… KEY.cpu=…"
  local before
  before="$(cpu_ticks "$2")"
  ( SCRIPT=""; $4
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency ${SCRIPT:+-s "Benchmarks/server-bench/$SCRIPT"} "$3" > "$WORK/run.txt" )
  grep -E 'Non-2xx|Socket errors' "$WORK/run.txt" | sed "s/^/  $1: /" >&2 || true
  python3 - "$1" "$(awk '/^Requests\/sec:/ {print $2}' "$WORK/run.txt")" "$(awk '$1 == "99%" {print $2}' "$WORK/run.txt")" \
    "$(awk '/ requests in / {print $1}' "$WORK/run.txt")" "$(( $(cpu_ticks "$2") - before ))" "$(getconf CLK_TCK)" << 'PY'
import re, sys
key, rps, p99, requests, ticks, hz = sys.argv[1:]
value, unit = re.match(r"([\d.]+)(\w+)", p99).groups()
ms = float(value) * {"us": 0.001, "ms": 1, "s": 1000}[unit]
print(f"{key}.rate={rps} {key}.p99={ms} {key}.cpu={int(ticks) / int(hz) * 1e6 / max(1, int(requests))}")
PY
}

run_rounds() { # rounds load…: every round's figures are a line of $WORK/rounds
  local rounds="$1" round i n line text figures key pid url prepare rate p99 cpu
  shift
  n=$#
  local loads=("$@")
  : > "$WORK/rounds"
  for round in $(seq "$rounds"); do
    line="" text=""
    for i in $(seq 0 $((n - 1))); do
      read -r key pid url prepare <<< "${loads[$(((i + round - 1) % n))]}"
      figures="$(measure "$key" "$pid" "$url" "$prepare")"
      line="$line $figures"
      read -r rate p99 cpu <<< "$(sed 's/[^ ]*=//g' <<< "$figures")"
      text="$text $(printf '%s %.0f/s p99 %.1f ms %.1f µs;' "$key" "$rate" "$p99" "$cpu")"
    done
    echo "$line" >> "$WORK/rounds"
    echo "round $round (load $(cut -d' ' -f1 /proc/loadavg)):$text"
  done
}

medians() { # "label=a/b"…: the median over the rounds of a / b, then every figure's median
  python3 - "$WORK/rounds" "$@" << 'PY'
import statistics, sys
rows = [dict((k, float(v)) for k, v in (x.split("=") for x in line.split())) for line in open(sys.argv[1])]
print(f"medians of the per-round ratios ({len(rows)} rounds):")
for spec in sys.argv[2:]:
    label, ratio = spec.rsplit("=", 1)
    a, b = ratio.split("/")
    print(f"  {label}: {statistics.median(r[a] / r[b] for r in rows):.3f}×")
print("medians of the figures: " + ", ".join(f"{k} {statistics.median(r[k] for r in rows):.1f}" for k in rows[0]))
PY
}
