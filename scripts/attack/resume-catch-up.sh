#!/usr/bin/env bash
# A client resuming an event stream far behind: E events are published (fault controls, 8 admins
# at once), then one client resumes from the first with Last-Event-ID and reads as fast as it can,
# reconnecting after the last id it got whenever the stream ends. Reports how many connections it
# took to read every event (1: the backlog comes at the pace the client reads), whether any
# `overflow` or `gap` came, and the time. Exit status 1 unless one connection read them all.
# Loopback only, bounded (at most 50,000 events).
#   scripts/attack/resume-catch-up.sh [events=10000]
source "$(dirname "$0")/serve.sh"
python3 "$(dirname "$0")/resume_catch_up.py" --port "$PORT" --admin "$ADMIN" --events "${1:-10000}"
