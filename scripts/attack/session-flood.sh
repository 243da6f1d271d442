#!/usr/bin/env bash
# A session flood against a local `enrollsim serve`: N `POST /v1/sessions` from one address, as
# fast as one connection sends them. Reports how many were opened (201) and refused (429, rate or
# cap), the database's size, and that a call still answers. Loopback only, bounded by N.
#   scripts/attack/session-flood.sh [requests=20000]
# SERVE_FLAGS passes limits to the server, e.g. SERVE_FLAGS="--session-rate 100000 --session-cap 1000".
source "$(dirname "$0")/serve.sh"
python3 "$(dirname "$0")/session_flood.py" --port "$PORT" --requests "${1:-20000}" --db "$DB"
