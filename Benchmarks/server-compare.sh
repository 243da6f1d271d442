#!/usr/bin/env bash
# The team server beside its peers in one run: this checkout's release build, a previous build
# (PREV), and nginx serving a static JSON file the size of the read call's answer (the HTTP limit
# on this machine). Rounds alternate the three under the same wrk load (64 connections, loopback):
# reads on all three (and this build's reads once more through NIO's HTTP/1 decoder instead of the
# raw-bytes reader: read-decoder.lua), then durable writes on the two enrollsim builds. Prints every round and the
# medians of the per-round ratios. Beside each load's rate, the CPU time its server spent per request
# (user + system, from /proc, nginx's workers included): on two cores shared with other work, the
# rate depends on the share of the cores each server gets, the CPU per request much less.
#
#   PREV=/path/to/enrollsim Benchmarks/server-compare.sh [duration of each load, default 10s]
#
# Environment: BIN (this build; default: `swift build -c release --scratch-path .build-release`),
# PREV (required), ROUNDS (5), CONNECTIONS (64), THREADS (2), PORT (18101; PORT+1 and PORT+2 are
# used too). nginx and wrk are Debian packages (installed if missing); nginx runs from a
# configuration under .build-bench/nginx, listening on loopback only, and is stopped at the end.
set -euo pipefail

cd "$(dirname "$0")/.."
DURATION="${1:-10s}"
ROUNDS="${ROUNDS:-5}"
CONNECTIONS="${CONNECTIONS:-64}"
THREADS="${THREADS:-2}"
PORT="${PORT:-18101}"
: "${PREV:?PREV must name the previous enrollsim binary}"

for tool in wrk nginx; do
  command -v "$tool" > /dev/null || PATH="$PATH:/usr/sbin" command -v "$tool" > /dev/null || {
    echo "installing $tool (Debian package)…" >&2
    apt-get install -y "$tool" > /dev/null || { apt-get update > /dev/null && apt-get install -y "$tool" > /dev/null; }
  }
done
NGINX="$(PATH="$PATH:/usr/sbin" command -v nginx)"

if [ -z "${BIN:-}" ]; then
  swift build -c release --product enrollsim --scratch-path .build-release > /dev/null
  BIN="$(swift build -c release --scratch-path .build-release --show-bin-path)/enrollsim"
fi

WORK="$(mktemp -d)"
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2> /dev/null || true; wait "$pid" 2> /dev/null || true; done
  rm -rf "$WORK"
}
trap cleanup EXIT
export ENROLLSIM_ADMIN_TOKEN="bench-admin-token-$(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n')"
export BENCH_THREADS="$THREADS"

json() { python3 -c "import json,sys; print(json.load(sys.stdin)$1)"; }

start() { # name binary port: a server on `team`, its read session logged in as bob, 256 write sessions
  local base="http://127.0.0.1:$3"
  "$2" serve --port "$3" --db "$WORK/$1.db" --scenario team --log-level warning 2> "$WORK/$1.log" &
  PIDS+=($!)
  for _ in $(seq 600); do curl -sf "$base/healthz" > /dev/null && break; sleep 0.1; done
  session() { curl -sf -XPOST "$base/v1/sessions" -H "Content-Type: application/json" -d "{\"device\": \"$1\"}" | json '["session"]'; }
  session bench-reader > "$WORK/$1.read"
  curl -sf -XPOST "$base/v1/pims" -H "Authorization: Bearer $(cat "$WORK/$1.read")" -H "Content-Type: application/json" \
    -d '{"type":"set","name":"pims.authentication.user","params":{"action":"login","username":"bob@example.com","password":"bob-pass"}}' > /dev/null
  # One process and one keep-alive connection open the 256 sessions (a curl and a python3 each took
  # minutes on a loaded machine; a connection each meets the server's connection rate).
  python3 - "$3" > "$WORK/$1.tokens" << 'PY'
import http.client, json, sys
connection = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]), timeout=30)
for i in range(1, 257):
    connection.request("POST", "/v1/sessions", json.dumps({"device": f"bench-writer-{i}"}), {"Content-Type": "application/json"})
    response = connection.getresponse()
    body = json.load(response)
    if response.status != 201: sys.exit(f"session {i}: {response.status} {body}")
    print(body["session"])
PY
}

start new "$BIN" "$PORT"
NEW_PID="${PIDS[-1]}"
start prev "$PREV" $((PORT + 1))
PREV_PID="${PIDS[-1]}"

# nginx: the read call's answer, byte for byte, as a static file.
PREFIX="$PWD/.build-bench/nginx"
mkdir -p "$PREFIX/www" "$PREFIX/logs"
curl -sf -XPOST "http://127.0.0.1:$PORT/v1/pims" -H "Authorization: Bearer $(cat "$WORK/new.read")" -H "Content-Type: application/json" \
  -d '{"type":"get","name":"pims.authentication.trustedphonenumber"}' > "$PREFIX/www/read.json"
cat > "$PREFIX/nginx.conf" << EOF
daemon off;
worker_processes $(nproc);
pid $PREFIX/nginx.pid;
error_log $PREFIX/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  server {
    listen 127.0.0.1:$((PORT + 2));
    location / { root $PREFIX/www; default_type application/json; }
  }
}
EOF
"$NGINX" -p "$PREFIX" -c "$PREFIX/nginx.conf" &
PIDS+=($!)
NGINX_PID=$!
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$((PORT + 2))/read.json" > /dev/null && break; sleep 0.1; done

cpu_ticks() { # pid: user + system clock ticks of the process and its children (nginx's workers)
  local total=0 p
  for p in "$1" $(pgrep -P "$1" || true); do
    total=$((total + $(awk '{print $14 + $15}' "/proc/$p/stat" 2> /dev/null || echo 0)))
  done
  echo "$total"
}

load() { # name pid script url [read token] [tokens file]: "req/s p99-ms cpu-µs-per-request"
  local before
  before="$(cpu_ticks "$2")"
  BENCH_READ_TOKEN="${5:-}" BENCH_WRITE_TOKENS="${6:-/dev/null}" \
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency ${3:+-s "Benchmarks/server-bench/$3.lua"} "$4" > "$WORK/run.txt"
  grep -E 'Non-2xx|Socket errors' "$WORK/run.txt" | sed "s/^/  $1: /" >&2 || true
  python3 - "$(awk '/^Requests\/sec:/ {print $2}' "$WORK/run.txt")" "$(awk '$1 == "99%" {print $2}' "$WORK/run.txt")" \
    "$(awk '/ requests in / {print $1}' "$WORK/run.txt")" "$(( $(cpu_ticks "$2") - before ))" "$(getconf CLK_TCK)" << 'PY'
import re, sys
rps, p99, requests, ticks, hz = sys.argv[1:]
value, unit = re.match(r"([\d.]+)(\w+)", p99).groups()
print(rps, float(value) * {"us": 0.001, "ms": 1, "s": 1000}[unit], int(ticks) / int(hz) * 1e6 / max(1, int(requests)))
PY
}

echo "enrollsim serve: $BIN vs PREV $PREV vs nginx $("$NGINX" -v 2>&1 | sed 's/.*nginx\///'), static $(stat -c %s "$PREFIX/www/read.json") B;" \
  "$CONNECTIONS connections, $THREADS wrk threads, $DURATION each, $ROUNDS rounds, $(nproc) cores"
: > "$WORK/rounds"
for round in $(seq "$ROUNDS"); do
  read -r new_read new_read_p99 new_read_cpu < <(load "new read" "$NEW_PID" read "http://127.0.0.1:$PORT" "$(cat "$WORK/new.read")")
  read -r prev_read prev_read_p99 prev_read_cpu < <(load "prev read" "$PREV_PID" read "http://127.0.0.1:$((PORT + 1))" "$(cat "$WORK/prev.read")")
  read -r nginx_read nginx_p99 nginx_cpu < <(load "nginx" "$NGINX_PID" "" "http://127.0.0.1:$((PORT + 2))/read.json")
  read -r dec_read dec_read_p99 dec_read_cpu < <(load "new read, decoder" "$NEW_PID" read-decoder "http://127.0.0.1:$PORT" "$(cat "$WORK/new.read")")
  read -r new_write new_write_p99 new_write_cpu < <(load "new write" "$NEW_PID" write "http://127.0.0.1:$PORT" "" "$WORK/new.tokens")
  read -r prev_write prev_write_p99 prev_write_cpu < <(load "prev write" "$PREV_PID" write "http://127.0.0.1:$((PORT + 1))" "" "$WORK/prev.tokens")
  echo "$new_read $new_read_p99 $prev_read $prev_read_p99 $nginx_read $nginx_p99 $new_write $new_write_p99 $prev_write $prev_write_p99" \
    "$new_read_cpu $prev_read_cpu $nginx_cpu $new_write_cpu $prev_write_cpu $dec_read $dec_read_p99 $dec_read_cpu" >> "$WORK/rounds"
  printf 'round %s (load %s): reads new %.0f/s p99 %.1f ms %.1f µs CPU, prev %.0f/s p99 %.1f ms %.1f µs, nginx %.0f/s p99 %.1f ms %.1f µs;' \
    "$round" "$(cut -d' ' -f1 /proc/loadavg)" "$new_read" "$new_read_p99" "$new_read_cpu" "$prev_read" "$prev_read_p99" "$prev_read_cpu" "$nginx_read" "$nginx_p99" "$nginx_cpu"
  printf ' new through the decoder %.0f/s p99 %.1f ms %.1f µs;' "$dec_read" "$dec_read_p99" "$dec_read_cpu"
  printf ' writes new %.0f/s p99 %.1f ms %.1f µs, prev %.0f/s p99 %.1f ms %.1f µs\n' \
    "$new_write" "$new_write_p99" "$new_write_cpu" "$prev_write" "$prev_write_p99" "$prev_write_cpu"
done
python3 - "$WORK/rounds" << 'PY'
import statistics, sys
names = ["new_read", "new_read_p99", "prev_read", "prev_read_p99", "nginx_read", "nginx_p99",
         "new_write", "new_write_p99", "prev_write", "prev_write_p99",
         "new_read_cpu", "prev_read_cpu", "nginx_cpu", "new_write_cpu", "prev_write_cpu", "dec_read", "dec_read_p99", "dec_read_cpu"]
rows = [dict(zip(names, map(float, line.split()))) for line in open(sys.argv[1])]
def ratio(a, b): return statistics.median(r[a] / r[b] for r in rows)
print("medians of the per-round ratios:")
print(f"  reads: new / nginx {ratio('new_read', 'nginx_read'):.2f}×, p99 new / nginx {ratio('new_read_p99', 'nginx_p99'):.2f}×; "
      f"prev / nginx {ratio('prev_read', 'nginx_read'):.2f}×, p99 prev / nginx {ratio('prev_read_p99', 'nginx_p99'):.2f}×; "
      f"new / prev {ratio('new_read', 'prev_read'):.2f}×, p99 new / prev {ratio('new_read_p99', 'prev_read_p99'):.2f}×")
print(f"  new's reads through NIO's decoder (read-decoder.lua): / nginx {ratio('dec_read', 'nginx_read'):.2f}×, p99 / nginx {ratio('dec_read_p99', 'nginx_p99'):.2f}×; "
      f"raw-bytes path / decoder path {ratio('new_read', 'dec_read'):.2f}×, CPU per read raw-bytes / decoder {ratio('new_read_cpu', 'dec_read_cpu'):.2f}×")
print(f"  durable writes: new / prev {ratio('new_write', 'prev_write'):.2f}×, p99 new / prev {ratio('new_write_p99', 'prev_write_p99'):.2f}×; "
      f"against nginx's reads: new {ratio('new_write', 'nginx_read'):.3f}×, prev {ratio('prev_write', 'nginx_read'):.3f}×")
print(f"  CPU per request: reads new / nginx {ratio('new_read_cpu', 'nginx_cpu'):.2f}×, new / prev {ratio('new_read_cpu', 'prev_read_cpu'):.2f}×; "
      f"writes new / prev {ratio('new_write_cpu', 'prev_write_cpu'):.2f}×")
print("medians of the figures: " + ", ".join(f"{n} {statistics.median(r[n] for r in rows):.1f}" for n in names))
PY
