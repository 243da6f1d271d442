#!/usr/bin/env bash
# Malformed requests against a local `enrollsim serve`, each on its own connection: every one must
# be answered with a 4xx (never a 5xx, never silence) and the server must still answer /healthz.
# Loopback only; a fixed list, sent once.
#   scripts/attack/malformed.sh
source "$(dirname "$0")/serve.sh"
python3 "$(dirname "$0")/malformed.py" --port "$PORT" --admin "$ADMIN"
