# Sourced by the attack scripts: starts `enrollsim serve` on 127.0.0.1 (a free port) over a fresh
# database in a temporary folder (or at $DB when set), sets PORT, ADMIN and DB, and stops the server on exit.
# ENROLLSIM_BIN chooses the binary (default: the debug build, built if missing); extra `serve`
# flags come from SERVE_FLAGS.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BIN="${ENROLLSIM_BIN:-$ROOT/.build/debug/enrollsim}"
if [ ! -x "$BIN" ]; then (cd "$ROOT" && swift build --product enrollsim >&2); fi
WORK="$(mktemp -d)"
DB="${DB:-$WORK/world.db}"  # a caller may place it (disk-full.sh: on a small tmpfs)
ADMIN="attack-admin-token-$RANDOM$RANDOM$RANDOM"
touch "$WORK/serve.log"
ENROLLSIM_ADMIN_TOKEN="$ADMIN" "$BIN" serve --host 127.0.0.1 --port 0 --db "$DB" --scenario team --log-level "${LOG_LEVEL:-notice}" \
    ${SERVE_FLAGS:-} 2> "$WORK/serve.log" > /dev/null &
SERVER_PID=$!
trap 'kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; rm -rf "$WORK"' EXIT
PORT=""
for _ in $(seq 1 600); do
    PORT="$(sed -n 's/.*listening on http:\/\/127\.0\.0\.1:\([0-9]*\).*/\1/p' "$WORK/serve.log" | head -1 || true)"
    [ -n "$PORT" ] && break
    kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/serve.log" >&2; exit 1; }
    sleep 0.1
done
[ -n "$PORT" ] || { echo "the server did not listen" >&2; exit 1; }
export PORT ADMIN DB

# SIGTERM, then waits (at most 30 s, then kill -9) and prints how long the stop took and its status.
stop_server_timed() {
    local start end status=0
    start=$(date +%s.%N)
    kill -TERM "$SERVER_PID"
    for _ in $(seq 1 300); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
    if kill -0 "$SERVER_PID" 2>/dev/null; then
        echo "SIGTERM: still running after 30 s, killed" >&2
        kill -9 "$SERVER_PID"
    fi
    wait "$SERVER_PID" || status=$?
    end=$(date +%s.%N)
    printf 'SIGTERM: exit status %d after %.2f s\n' "$status" "$(echo "$end - $start" | bc)"
}
