#!/usr/bin/env bash
# A device-session flood from rotating loopback addresses (127.x.y.z, one per request) against a
# local `enrollsim serve`, past its session cap, while normal users open sessions and call. Reports
# how the flood was answered and whether new users and an existing one were served. Loopback only,
# bounded by N.
#   scripts/attack/session-flood-rotating.sh [requests=12000]
# SERVE_FLAGS passes limits to the server, e.g. SERVE_FLAGS="--session-cap 2000" (reaches the cap sooner).
source "$(dirname "$0")/serve.sh"
python3 "$(dirname "$0")/session_flood_rotating.py" --port "$PORT" --requests "${1:-12000}"
