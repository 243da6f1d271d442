#!/usr/bin/env bash
# Event streams with one device token against a local `enrollsim serve`: N `GET /v1/events` kept
# open, while a normal client asks `/healthz` twice a second. Reports how the streams were answered
# (200 or 429 with Retry-After) and the normal client's answers and waits. Loopback only, bounded.
#   scripts/attack/stream-exhaustion.sh [streams=512] [seconds=30]
source "$(dirname "$0")/serve.sh"
python3 "$(dirname "$0")/stream_exhaustion.py" --port "$PORT" --streams "${1:-512}" --seconds "${2:-30}"
