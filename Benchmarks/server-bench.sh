#!/usr/bin/env bash
# Loads `enrollsim serve` (release build, loopback, a fresh database seeded with `team`) with wrk at
# 64 connections: a read call, then a write call. Reports requests/s and p99 latency for each, and
# the durable writes/s and commit group size the server counted (GET /healthz).
#
#   Benchmarks/server-bench.sh [duration, default 15s]
#
# Environment: PORT (default 18099), CONNECTIONS (64), THREADS (2), LOG_LEVEL (warning).
set -euo pipefail

cd "$(dirname "$0")/.."
DURATION="${1:-15s}"
PORT="${PORT:-18099}"
CONNECTIONS="${CONNECTIONS:-64}"
THREADS="${THREADS:-2}"
LOG_LEVEL="${LOG_LEVEL:-warning}"
BASE="http://127.0.0.1:$PORT"

if ! command -v wrk > /dev/null; then
  echo "installing wrk (Debian package)…" >&2
  if [ "$(id -u)" = 0 ]; then apt-get install -y wrk > /dev/null || { apt-get update > /dev/null && apt-get install -y wrk > /dev/null; }
  else sudo apt-get install -y wrk > /dev/null || { sudo apt-get update > /dev/null && sudo apt-get install -y wrk > /dev/null; }; fi
fi

BUILD_LOG="$(mktemp)"
swift build -c release --product enrollsim > "$BUILD_LOG" 2>&1 || { cat "$BUILD_LOG" >&2; exit 1; }
BIN="$(swift build -c release --show-bin-path 2> /dev/null)/enrollsim"
rm -f "$BUILD_LOG"

WORK="$(mktemp -d)"
SERVER_PID=""
cleanup() {
  if [ -n "$SERVER_PID" ]; then kill -TERM "$SERVER_PID" 2> /dev/null || true; wait "$SERVER_PID" 2> /dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

export ENROLLSIM_ADMIN_TOKEN="bench-admin-token-$(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n')"
"$BIN" serve --port "$PORT" --db "$WORK/world.db" --scenario team --log-level "$LOG_LEVEL" 2> "$WORK/server.log" &
SERVER_PID=$!
for _ in $(seq 100); do curl -sf "$BASE/healthz" > /dev/null && break; sleep 0.1; done
curl -sf "$BASE/healthz" > /dev/null || { echo "the server did not start:" >&2; cat "$WORK/server.log" >&2; exit 1; }

json() { python3 -c "import json,sys; print(json.load(sys.stdin)$1)"; }
session() { curl -sf -XPOST "$BASE/v1/sessions" -d "{\"device\": \"$1\"}" | json '["session"]'; }
login='{"type":"set","name":"pims.authentication.user","params":{"action":"login","username":"bob@example.com","password":"bob-pass"}}'

# The read call's session: bob, logged in.
export BENCH_READ_TOKEN="$(session bench-reader)"
curl -sf -XPOST "$BASE/v1/pims" -H "Authorization: Bearer $BENCH_READ_TOKEN" -d "$login" > /dev/null
# The write call's sessions: 256 devices.
export BENCH_WRITE_TOKENS="$WORK/tokens" BENCH_THREADS="$THREADS"
for i in $(seq 256); do session "bench-writer-$i"; done > "$BENCH_WRITE_TOKENS"

run() { # name script
  local before after
  before="$(curl -sf "$BASE/healthz")"
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -s "Benchmarks/server-bench/$2.lua" "$BASE" > "$WORK/$1.txt"
  after="$(curl -sf "$BASE/healthz")"
  local rps p99 errors
  rps="$(awk '/^Requests\/sec:/ {print $2}' "$WORK/$1.txt")"
  p99="$(awk '$1 == "99%" {print $2}' "$WORK/$1.txt")"
  errors="$(grep -E 'Non-2xx|Socket errors' "$WORK/$1.txt" || true)"
  python3 - "$1" "$rps" "$p99" "$before" "$after" "$DURATION" <<'PY'
import json, sys
name, rps, p99, before, after, duration = sys.argv[1:]
b, a = json.loads(before), json.loads(after)
seconds = float(duration.rstrip("s"))
changes = a["durableChanges"] - b["durableChanges"]
commits = a["commits"] - b["commits"]
group = changes / commits if commits else 0
print(f"{name:6} {float(rps):10.0f} req/s   p99 {p99:>9}   durable writes {changes / seconds:8.0f}/s   commits {commits / seconds:6.0f}/s (≈{group:.1f} writes each)")
PY
  [ -z "$errors" ] || echo "       $errors"
}

echo "enrollsim serve (release) on loopback, $CONNECTIONS connections, $THREADS wrk threads, $DURATION each, $(nproc) cores"
run read read
run write write
READ="$(awk '/^Requests\/sec:/ {print $2}' "$WORK/read.txt")"
WRITE="$(awk '/^Requests\/sec:/ {print $2}' "$WORK/write.txt")"
python3 -c "print(f'read/write ratio {float($READ) / float($WRITE):.1f}')"
echo "database $(($(stat -c %s "$WORK/world.db") / 1024)) KiB, WAL $(($(stat -c %s "$WORK/world.db-wal") / 1024)) KiB"
