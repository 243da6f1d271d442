#!/usr/bin/env bash
# Slow connections against a local `enrollsim serve`: N connections each send half a request head
# and then a header line every 2 s, for S seconds; meanwhile /healthz is probed once a second on a
# fresh connection. Reports how many the server answered 408 and closed, how many it left open at
# the end, and the probes' worst wait. Loopback only, bounded in connections and time.
# With --addresses N the connections come from N loopback addresses in turn; with --reopen each one
# the server answers or closes is opened again at once.
#   scripts/attack/slowloris.sh [connections=500] [seconds=30] [--addresses N] [--reopen]
source "$(dirname "$0")/serve.sh"
python3 "$(dirname "$0")/slowloris.py" --port "$PORT" --connections "${1:-500}" --seconds "${2:-30}" "${@:3}"
