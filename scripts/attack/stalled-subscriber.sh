#!/usr/bin/env bash
# Event subscribers that never read while events flow: N streams opened and left unread while 32
# admins publish E fault events; the server's resident memory is sampled each second, /healthz
# probed. Reports the peak RSS, how many stalled streams the server cut off (each told to resume with
# Last-Event-ID, then closed), and how long SIGTERM took. Loopback only, bounded in count and time.
#   scripts/attack/stalled-subscriber.sh [subscribers=50] [events=100000]
source "$(dirname "$0")/serve.sh"
failed=0
python3 "$(dirname "$0")/stalled_subscriber.py" --port "$PORT" --admin "$ADMIN" --pid "$SERVER_PID" \
    --subscribers "${1:-50}" --events "${2:-100000}" || failed=1
stop_server_timed
exit $failed
