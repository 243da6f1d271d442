#!/usr/bin/env bash
# Event subscribers that connect and drop, again and again, while two admins publish fault events
# (the issue-24 deadlock): /healthz is probed meanwhile; then, the publishers still running and 20
# streams open (one of them never read), the server gets SIGTERM. Reports the subscriptions
# churned, the controls answered, the probes (answered, failed, worst wait), how long the server took
# to be gone and its exit status. Loopback only, bounded in time and connections.
#   scripts/attack/subscriber-churn.sh [seconds=60]
source "$(dirname "$0")/serve.sh"
failed=0
python3 "$(dirname "$0")/subscriber_churn.py" --port "$PORT" --admin "$ADMIN" --pid "$SERVER_PID" --seconds "${1:-60}" || failed=1
status=0
wait "$SERVER_PID" || status=$?
echo "exit status $status"
[ "$status" = 0 ] || failed=1
exit $failed
