#!/usr/bin/env bash
# Futurae's Auth API beside plain `/v1/call` reads, under the same wrk load, by rounds whose order
# turns every round (server-bench/rounds.sh): a team server (release build, loopback,
# `futurae-enrolled`) answers a plain read (`futurae.accounts`, a bearer token), a signed GET
# (`/srv/auth/v1/users?username=`) and a signed POST (`/srv/auth/v1/user/preauth`); with PREV, a
# previous build's server the same three in the same rounds. Prints every round and the medians of
# the per-round ratios (signed / plain read of the same server): rate, p99, and CPU per request.
#
#   [PREV=/path/to/enrollsim] Benchmarks/authapi-compare.sh [duration of each load, default 10s]
#   Benchmarks/authapi-compare.sh --callgrind [requests, default 2000]
#
# --callgrind runs each server under valgrind's callgrind instead (instructions counted, so the
#             machine's load does not matter) and sends each kind of request on one keep-alive
#             connection: instructions per request, the server's threads together.
#
# Environment: BIN (this build; default: `swift build -c release --scratch-path .build-release`),
# PREV, ROUNDS (5), CONNECTIONS (64), THREADS (2), PORT (18111; PORT+1 for PREV). The requests are
# signed once at start, and the servers run with --auth-date-skew 0 so that their FT-Date stays valid.
set -euo pipefail

cd "$(dirname "$0")/.."
source Benchmarks/server-bench/rounds.sh
CALLGRIND=0
if [ "${1:-}" = --callgrind ]; then CALLGRIND=1; shift; fi
DURATION="${1:-10s}"
COUNT="${1:-2000}"
ROUNDS="${ROUNDS:-5}"
PORT="${PORT:-18111}"

if [ "$CALLGRIND" = 1 ]; then need_tool valgrind valgrind; else need_tool wrk wrk; fi
release_bin
rounds_begin
export ENROLLSIM_ADMIN_TOKEN="bench-admin-token-$(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n')"

start() { # name binary port [wrapper…]: a server on futurae-enrolled; writes NAME.requests (the three requests, signed)
  local name="$1" bin="$2" port="$3"
  shift 3
  "$@" "$bin" serve --port "$port" --db "$WORK/$name.db" --scenario futurae-enrolled --log-level warning --auth-date-skew 0 \
    2> "$WORK/$name.log" &
  PIDS+=($!)
  for _ in $(seq 1200); do curl -sf "http://127.0.0.1:$port/healthz" > /dev/null && break; sleep 0.1; done
  python3 - "$port" > "$WORK/$name.requests" << 'PY'
import base64, email.utils, hashlib, hmac, http.client, json, os, sys
port = int(sys.argv[1])
service, key = "07b7e1f4-2197-481a-b776-1adcb140af06", "acme-bank-auth-api-key-for-enrollsim"  # futurae-enrolled's
connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
connection.request("POST", "/v1/sessions", json.dumps({"attach": "default"}),
                   {"Content-Type": "application/json", "Authorization": "Bearer " + os.environ["ENROLLSIM_ADMIN_TOKEN"]})
bearer = json.load(connection.getresponse())["session"]
def signed(method, target, body):
    date = email.utils.formatdate(usegmt=False).replace("-0000", "+0000")
    message = "\n".join([date, method, "127.0.0.1", target, body]) + "\n"
    signature = hmac.new(key.encode(), message.encode(), hashlib.sha256).hexdigest()
    headers = {"FT-Date": date, "Authorization": "Basic " + base64.b64encode(f"{service}:{signature}".encode()).decode()}
    if body: headers["Content-Type"] = "application/json"
    return method, target, headers, body
requests = [("POST", "/v1/call", {"Authorization": "Bearer " + bearer, "Content-Type": "application/json"},
             '{"type": "call", "name": "futurae.accounts", "params": {}}'),
            signed("GET", "/srv/auth/v1/users?username=alice%40example.com", ""),
            signed("POST", "/srv/auth/v1/user/preauth", '{"username": "alice@example.com"}')]
for method, target, headers, body in requests:
    connection.request(method, target, body or None, headers)
    answer = connection.getresponse()
    text = answer.read()
    if answer.status != 200: sys.exit(f"{method} {target}: {answer.status} {text!r}")
print(json.dumps(requests))
PY
}

if [ "$CALLGRIND" = 1 ]; then
  count() { # name binary port: instructions per request of each kind, after a warm-up
    # Without its DWARF 5 debug information, which valgrind 3.19's reader refuses.
    objcopy --strip-debug "$2" "$WORK/$1.bin"
    start "$1" "$WORK/$1.bin" "$3" valgrind --tool=callgrind --callgrind-out-file="$WORK/$1.out"
    local pid="${PIDS[-1]}"
    python3 - "$3" "$WORK/$1.requests" "$COUNT" "$pid" "$WORK/$1.out" << 'PY'
import glob, http.client, json, os, subprocess, sys
port, requests, count, pid, out = int(sys.argv[1]), json.load(open(sys.argv[2])), int(sys.argv[3]), sys.argv[4], sys.argv[5]
connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
def send(request, n):
    method, target, headers, body = request
    for _ in range(n):
        connection.request(method, target, body or None, headers)
        answer = connection.getresponse(); answer.read()
        assert answer.status == 200, answer.status
def control(*args): subprocess.run(["callgrind_control", *args, pid], check=True, stdout=subprocess.DEVNULL)
figures = []
for request in requests:
    send(request, 200)  # warm-up, not counted
    control("-z")
    send(request, count)
    for f in glob.glob(out + "*"): os.remove(f)
    control("-d")
    total = 0
    for f in glob.glob(out + "*"):
        for line in open(f):
            if line.startswith("summary:") or line.startswith("totals:"): total = max(total, int(line.split()[1]))
    figures.append(total / count)
print(" ".join(f"{f:.0f}" for f in figures))
PY
  }
  echo "instructions per request (callgrind, $COUNT requests of each kind on one connection): plain read, signed GET, signed POST"
  read -r r g p < <(count new "$BIN" "$PORT")
  printf 'new:  read %.0f, GET %.0f (%.2f× the read), POST %.0f (%.2f×)\n' "$r" "$g" "$(echo "$g / $r" | bc -l)" "$p" "$(echo "$p / $r" | bc -l)"
  if [ -n "${PREV:-}" ]; then
    read -r r2 g2 p2 < <(count prev "$PREV" $((PORT + 1)))
    printf 'prev: read %.0f, GET %.0f (%.2f× the read), POST %.0f (%.2f×)\n' "$r2" "$g2" "$(echo "$g2 / $r2" | bc -l)" "$p2" "$(echo "$p2 / $r2" | bc -l)"
  fi
  exit 0
fi

request() { # name index: the Lua script's variables for one of the server's three requests
  SCRIPT=fixed.lua
  eval "$(python3 - "$WORK/$1.requests" "$2" << 'PY'
import json, shlex, sys
method, target, headers, body = json.load(open(sys.argv[1]))[int(sys.argv[2])]
for name, value in [("BENCH_METHOD", method), ("BENCH_PATH", target), ("BENCH_BODY", body),
                    ("BENCH_HEADERS", "\n".join(f"{k}: {v}" for k, v in headers.items()))]:
    print(f"export {name}={shlex.quote(value)}")
PY
)"
}

start new "$BIN" "$PORT"
LOADS=("new_read ${PIDS[-1]} http://127.0.0.1:$PORT request new 0" "new_get ${PIDS[-1]} http://127.0.0.1:$PORT request new 1"
       "new_post ${PIDS[-1]} http://127.0.0.1:$PORT request new 2")
RATIOS=(new)
if [ -n "${PREV:-}" ]; then
  start prev "$PREV" $((PORT + 1))
  LOADS+=("prev_read ${PIDS[-1]} http://127.0.0.1:$((PORT + 1)) request prev 0" "prev_get ${PIDS[-1]} http://127.0.0.1:$((PORT + 1)) request prev 1"
          "prev_post ${PIDS[-1]} http://127.0.0.1:$((PORT + 1)) request prev 2")
  RATIOS+=(prev)
fi
echo "Auth API beside plain reads: $CONNECTIONS connections, $THREADS wrk threads, $DURATION each, $ROUNDS rounds, $(nproc) cores"
run_rounds "$ROUNDS" "${LOADS[@]}"
SPECS=()
for name in "${RATIOS[@]}"; do
  for kind in get post; do
    for figure in rate p99 cpu; do SPECS+=("$name: signed ${kind^^} / plain read, $figure=${name}_$kind.$figure/${name}_read.$figure"); done
  done
done
medians "${SPECS[@]}"
