#!/usr/bin/env bash
# Idle keep-alive connections against a local `enrollsim serve`: N connections that each send one
# request and then nothing (one closed by the server is opened again), while a normal client asks
# `/healthz` twice a second on a new connection and another sends `POST /v1/sessions` five times a
# second on a kept-alive one. Reports their answers and waits. Loopback only, bounded in count and time.
#   scripts/attack/idle-keepalive.sh [connections=512] [seconds=30] [--no-reopen] [--addresses N]
# (at most 20 opens per connection in all; OPENS_PER_CONNECTION=200 keeps a fast reconnector going longer)
source "$(dirname "$0")/serve.sh"
python3 "$(dirname "$0")/idle_keepalive.py" --port "$PORT" --connections "${1:-512}" --seconds "${2:-30}" "${@:3}"
