#!/usr/bin/env bash
# Loads `enrollsim serve` (release build, loopback, a fresh database seeded with `team`) with wrk at
# 64 connections: a read call, then a write call. Reports requests/s and p99 latency for each, and
# the durable writes/s and commit group size the server counted (GET /healthz).
#
#   Benchmarks/server-bench.sh [--scaling] [--peer moto] [duration, default 15s]
#
# --scaling   the same loads on worlds that grew (issue 14): after 20,000 device sessions were
#             opened, and on a world of 50,000 accounts logged in as the last one; each printed as a
#             ratio to the fresh world of the same run (the reads with sessions also to reads on the
#             same server just before the sessions are opened). Also an export with 20,000 sessions: how long
#             it takes and the longest wait of a read running beside it.
# --peer moto starts moto's server (PyPI, in a virtual environment under .build-venv) and loads it
#             with the nearest calls, Cognito AdminGetUser (read) and AdminUpdateUserAttributes
#             (write), interleaved with enrollsim's runs: the ratio is measured in the same run.
#
# Environment: PORT (default 18099), PEER_PORT (18098), CONNECTIONS (64), THREADS (2),
# LOG_LEVEL (warning), SESSIONS (20000) and ACCOUNTS (50000) for --scaling, BIN (an enrollsim
# binary instead of a release build of this checkout), REPEAT (3): each load runs that many times
# and is reported by its median, the runs beside it.
set -euo pipefail

cd "$(dirname "$0")/.."
SCALING=0
PEER=""
DURATION=15s
while [ $# -gt 0 ]; do
  case "$1" in
    --scaling) SCALING=1 ;;
    --peer) PEER="$2"; shift ;;
    *) DURATION="$1" ;;
  esac
  shift
done
[ -z "$PEER" ] || [ "$PEER" = moto ] || { echo "--peer: only moto is known" >&2; exit 2; }
PORT="${PORT:-18099}"
PEER_PORT="${PEER_PORT:-18098}"
CONNECTIONS="${CONNECTIONS:-64}"
THREADS="${THREADS:-2}"
LOG_LEVEL="${LOG_LEVEL:-warning}"
SESSIONS="${SESSIONS:-20000}"
ACCOUNTS="${ACCOUNTS:-50000}"
REPEAT="${REPEAT:-3}"
BASE="http://127.0.0.1:$PORT"

if ! command -v wrk > /dev/null; then
  echo "installing wrk (Debian package)…" >&2
  if [ "$(id -u)" = 0 ]; then apt-get install -y wrk > /dev/null || { apt-get update > /dev/null && apt-get install -y wrk > /dev/null; }
  else sudo apt-get install -y wrk > /dev/null || { sudo apt-get update > /dev/null && sudo apt-get install -y wrk > /dev/null; }; fi
fi

if [ -z "${BIN:-}" ]; then
  BUILD_LOG="$(mktemp)"
  swift build -c release --product enrollsim > "$BUILD_LOG" 2>&1 || { cat "$BUILD_LOG" >&2; exit 1; }
  BIN="$(swift build -c release --show-bin-path 2> /dev/null)/enrollsim"
  rm -f "$BUILD_LOG"
fi

WORK="$(mktemp -d)"
SERVER_PID=""
PEER_PID=""
stop_server() {
  if [ -n "$SERVER_PID" ]; then kill -TERM "$SERVER_PID" 2> /dev/null || true; wait "$SERVER_PID" 2> /dev/null || true; fi
  SERVER_PID=""
}
cleanup() {
  stop_server
  if [ -n "$PEER_PID" ]; then kill -TERM "$PEER_PID" 2> /dev/null || true; wait "$PEER_PID" 2> /dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

export ENROLLSIM_ADMIN_TOKEN="bench-admin-token-$(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n')"
export BENCH_THREADS="$THREADS" BENCH_WRITE_TOKENS="$WORK/tokens"

start_server() { # name scenario
  stop_server
  # The limits of issue 13 (10,000 sessions, 600 new ones a minute per address) would refuse the
  # 20,000 sessions of --scaling: the benchmark raises them above what it opens.
  "$BIN" serve --port "$PORT" --db "$WORK/$1.db" --scenario "$2" --log-level "$LOG_LEVEL" \
    --session-cap $((SESSIONS + 1000)) --session-rate $((SESSIONS + 1000)) 2> "$WORK/$1.log" &
  SERVER_PID=$!
  for _ in $(seq 600); do curl -sf "$BASE/healthz" > /dev/null && break; sleep 0.1; done
  curl -sf "$BASE/healthz" > /dev/null || { echo "the server did not start:" >&2; cat "$WORK/$1.log" >&2; exit 1; }
}

json() { python3 -c "import json,sys; print(json.load(sys.stdin)$1)"; }
session() { curl -sf -XPOST "$BASE/v1/sessions" -H "Content-Type: application/json" -d "{\"device\": \"$1\"}" | json '["session"]'; }

prepare() { # username password: the read session logged in as that account, 256 write sessions
  export BENCH_USER="$1" BENCH_PASSWORD="$2"
  local login="{\"type\":\"set\",\"name\":\"pims.authentication.user\",\"params\":{\"action\":\"login\",\"username\":\"$1\",\"password\":\"$2\"}}"
  export BENCH_READ_TOKEN="$(session bench-reader)"
  curl -sf -XPOST "$BASE/v1/pims" -H "Authorization: Bearer $BENCH_READ_TOKEN" -H "Content-Type: application/json" -d "$login" > /dev/null
  for i in $(seq 256); do session "bench-writer-$i"; done > "$BENCH_WRITE_TOKENS"
}

# The figures of the last load, for ratios: medians over REPEAT runs of it (single runs of one load
# vary by 20–40 % on this shared machine).
RPS=0
WRITES=0
run() { # label script [url]
  local url="${3:-$BASE}" before after
  : > "$WORK/runs"
  for _ in $(seq "$REPEAT"); do
    before="$(curl -sf "$BASE/healthz" || echo '{}')"
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -s "Benchmarks/server-bench/$2.lua" "$url" > "$WORK/run.txt"
    after="$(curl -sf "$BASE/healthz" || echo '{}')"
    grep -E 'Non-2xx|Socket errors' "$WORK/run.txt" | sed 's/^/       /' || true
    python3 - "$(awk '/^Requests\/sec:/ {print $2}' "$WORK/run.txt")" "$(awk '$1 == "99%" {print $2}' "$WORK/run.txt")" \
      "$before" "$after" "$DURATION" "$url" "$BASE" >> "$WORK/runs" <<'PY'
import json, sys
rps, p99, before, after, duration, url, base = sys.argv[1:]
b, a = json.loads(before), json.loads(after)
seconds = float(duration.rstrip("s"))
changes = commits = 0
if url == base and "durableChanges" in a:
    changes = a["durableChanges"] - b["durableChanges"]
    commits = a["commits"] - b["commits"]
print(json.dumps({"rps": float(rps), "p99": p99, "writes": changes / seconds, "commits": commits / seconds,
                  "each": changes / commits if commits else 0, "durable": url == base and "durableChanges" in a}))
PY
  done
  python3 - "$1" "$WORK/runs" "$WORK/last" <<'PY'
import json, statistics, sys
name, runs, last = sys.argv[1:]
rows = [json.loads(l) for l in open(runs)]
median = sorted(rows, key=lambda r: r["rps"])[len(rows) // 2]
line = f"{name:34} {median['rps']:10.0f} req/s   p99 {median['p99']:>9}"
writes = statistics.median(r["writes"] for r in rows)
if median["durable"]:
    line += f"   durable writes {writes:8.0f}/s   commits {median['commits']:6.0f}/s (≈{median['each']:.1f} writes each)"
if len(rows) > 1:
    line += "   runs " + "/".join(f"{r['rps']:.0f}" for r in rows)
print(line)
open(last, "w").write(f"{median['rps']} {writes}\n")
PY
  read -r RPS WRITES < "$WORK/last"
}

ratio() { python3 -c "import sys; a, b = float(sys.argv[1]), float(sys.argv[2]); print(f'{a / b:.2f}' if b else 'n/a')" "$1" "$2"; }

# moto: its server in a virtual environment, one Cognito user pool with one user.
start_peer() {
  local venv=.build-venv/moto
  if [ ! -x "$venv/bin/moto_server" ]; then
    echo "installing moto[server] from PyPI into $venv…" >&2
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q 'moto[server]' || { echo "moto: PyPI unreachable, peer run skipped" >&2; PEER=""; return; }
  fi
  "$venv/bin/moto_server" -p "$PEER_PORT" > "$WORK/moto.log" 2>&1 &
  PEER_PID=$!
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PEER_PORT/moto-api/" > /dev/null && break; sleep 0.1; done
  export AWS_ACCESS_KEY_ID=bench AWS_SECRET_ACCESS_KEY=bench AWS_DEFAULT_REGION=us-east-1
  export BENCH_POOL="$("$venv/bin/python" - "$PEER_PORT" <<'PY'
import sys, boto3
c = boto3.client("cognito-idp", endpoint_url=f"http://127.0.0.1:{sys.argv[1]}")
pool = c.create_user_pool(PoolName="bench")["UserPool"]["Id"]
c.admin_create_user(UserPoolId=pool, Username="bob@example.com",
                    UserAttributes=[{"Name": "phone_number", "Value": "+33698765432"}])
print(pool)
PY
  )"
}

echo "enrollsim serve ($BIN) on loopback, $CONNECTIONS connections, $THREADS wrk threads, $DURATION each, $(nproc) cores"
start_server fresh team
prepare bob@example.com bob-pass
[ -z "$PEER" ] || start_peer
run "read (team)" read; READ=$RPS
if [ -n "$PEER" ]; then run "moto read (AdminGetUser)" moto-read "http://127.0.0.1:$PEER_PORT"; PEER_READ=$RPS; fi
run "write (team)" write; WRITE=$RPS; FRESH_WRITES=$WRITES
if [ -n "$PEER" ]; then run "moto write (AdminUpdateUserAttributes)" moto-write "http://127.0.0.1:$PEER_PORT"; PEER_WRITE=$RPS; fi
echo "read/write ratio $(ratio "$READ" "$WRITE")"
[ -z "$PEER" ] || echo "enrollsim / moto: reads $(ratio "$READ" "$PEER_READ")×, writes $(ratio "$WRITE" "$PEER_WRITE")×"
echo "database $(($(stat -c %s "$WORK/fresh.db") / 1024)) KiB, WAL $(($(stat -c %s "$WORK/fresh.db-wal") / 1024)) KiB"

if [ "$SCALING" = 1 ]; then
  # The reads with sessions are compared with reads on the same server just before they are opened:
  # the write loads above grew the database and its WAL, which weighs on reads more than sessions do.
  run "read (team, after the writes)" read; READ_BEFORE=$RPS
  echo "opening $SESSIONS device sessions…" >&2
  python3 Benchmarks/server-bench/grow.py sessions "$BASE" "$SESSIONS"
  run "read ($SESSIONS sessions)" read
  echo "  ratio to team: reads $(ratio "$RPS" "$READ_BEFORE") (to the reads just before), $(ratio "$RPS" "$READ") (to the first reads)"
  run "write ($SESSIONS sessions)" write; echo "  ratio to team: writes $(ratio "$RPS" "$WRITE"), durable writes $(ratio "$WRITES" "$FRESH_WRITES")"
  python3 Benchmarks/server-bench/grow.py export "$BASE" "$BENCH_READ_TOKEN"

  python3 Benchmarks/server-bench/grow.py scenario "$ACCOUNTS" > "$WORK/large.yaml"
  start="$(date +%s.%N)"
  start_server large "$WORK/large.yaml"
  echo "$ACCOUNTS accounts: server up (load and seed) in $(python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.1f} s')" "$start" "$(date +%s.%N)")"
  last=$((ACCOUNTS - 1))
  prepare "user$last@example.com" "pass$last"
  run "read ($ACCOUNTS accounts, last)" read; echo "  ratio to team: reads $(ratio "$RPS" "$READ")"
  run "write ($ACCOUNTS accounts, last)" write; echo "  ratio to team: writes $(ratio "$RPS" "$WRITE"), durable writes $(ratio "$WRITES" "$FRESH_WRITES")"
fi
