#!/usr/bin/env bash
# The team server beside its peers in one run: this checkout's release build, a previous build
# (PREV), and nginx serving a static JSON file the size of the read call's answer (the HTTP limit
# on this machine). Rounds of the same wrk load (64 connections, loopback), their order turning
# every round (server-bench/rounds.sh): reads on all three (and this build's reads once more through
# NIO's HTTP/1 decoder instead of the raw-bytes reader: read-decoder.lua), durable writes on the two
# enrollsim builds. Prints every round and the medians of the per-round ratios, with each load's rate, p99
# and the CPU time its server spent per request (nginx's workers included).
#
#   PREV=/path/to/enrollsim Benchmarks/server-compare.sh [duration of each load, default 10s]
#
# Environment: BIN (this build; default: `swift build -c release --scratch-path .build-release`),
# PREV (required), ROUNDS (5), CONNECTIONS (64), THREADS (2), PORT (18101; PORT+1 and PORT+2 are
# used too). nginx and wrk are Debian packages (installed if missing); nginx runs from a
# configuration under .build-bench/nginx, listening on loopback only, and is stopped at the end.
set -euo pipefail

cd "$(dirname "$0")/.."
source Benchmarks/server-bench/rounds.sh
DURATION="${1:-10s}"
ROUNDS="${ROUNDS:-5}"
PORT="${PORT:-18101}"
: "${PREV:?PREV must name the previous enrollsim binary}"

need_tool wrk wrk
need_tool nginx nginx
NGINX="$(PATH="$PATH:/usr/sbin" command -v nginx)"
release_bin
rounds_begin
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
cat > "$PREFIX/nginx.conf" << CONF
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
CONF
"$NGINX" -p "$PREFIX" -c "$PREFIX/nginx.conf" &
PIDS+=($!)
NGINX_PID=$!
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$((PORT + 2))/read.json" > /dev/null && break; sleep 0.1; done

reads() { SCRIPT="${2:-read}.lua"; export BENCH_READ_TOKEN; BENCH_READ_TOKEN="$(cat "$WORK/$1.read")"; }
writes() { SCRIPT=write.lua; export BENCH_WRITE_TOKENS="$WORK/$1.tokens"; }

echo "enrollsim serve: $BIN vs PREV $PREV vs nginx $("$NGINX" -v 2>&1 | sed 's/.*nginx\///'), static $(stat -c %s "$PREFIX/www/read.json") B;" \
  "$CONNECTIONS connections, $THREADS wrk threads, $DURATION each, $ROUNDS rounds, $(nproc) cores"
run_rounds "$ROUNDS" "new_read $NEW_PID http://127.0.0.1:$PORT reads new" "prev_read $PREV_PID http://127.0.0.1:$((PORT + 1)) reads prev" \
  "nginx $NGINX_PID http://127.0.0.1:$((PORT + 2))/read.json :" "decoder_read $NEW_PID http://127.0.0.1:$PORT reads new read-decoder" \
  "new_write $NEW_PID http://127.0.0.1:$PORT writes new" "prev_write $PREV_PID http://127.0.0.1:$((PORT + 1)) writes prev"
medians "reads new / nginx=new_read.rate/nginx.rate" "reads p99 new / nginx=new_read.p99/nginx.p99" \
  "reads prev / nginx=prev_read.rate/nginx.rate" "reads p99 prev / nginx=prev_read.p99/nginx.p99" \
  "reads new / prev=new_read.rate/prev_read.rate" "reads p99 new / prev=new_read.p99/prev_read.p99" \
  "reads CPU per request new / nginx=new_read.cpu/nginx.cpu" "reads CPU per request new / prev=new_read.cpu/prev_read.cpu" \
  "new's reads through NIO's decoder / nginx=decoder_read.rate/nginx.rate" "their p99 / nginx=decoder_read.p99/nginx.p99" \
  "raw-bytes path / decoder path, rate=new_read.rate/decoder_read.rate" "raw-bytes path / decoder path, CPU per read=new_read.cpu/decoder_read.cpu" \
  "durable writes new / prev=new_write.rate/prev_write.rate" "writes p99 new / prev=new_write.p99/prev_write.p99" \
  "writes CPU per request new / prev=new_write.cpu/prev_write.cpu" \
  "durable writes new / nginx's reads=new_write.rate/nginx.rate" "durable writes prev / nginx's reads=prev_write.rate/nginx.rate" \
  "nginx's CPU per read / new's CPU per write (the issue's 'CPU per write' against nginx's rate)=nginx.cpu/new_write.cpu" \
  "the same, prev=nginx.cpu/prev_write.cpu"
