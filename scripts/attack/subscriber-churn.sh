#!/usr/bin/env bash
# Event subscribers that connect and drop, again and again, while two admins publish fault events
# (the issue-24 deadlock): /healthz is probed meanwhile, then the server gets SIGTERM. Reports the
# subscriptions churned, the controls answered, the probes (answered, failed, worst wait) and how
# long the stop took. Loopback only, bounded in time and connections.
#   scripts/attack/subscriber-churn.sh [seconds=60]
source "$(dirname "$0")/serve.sh"
failed=0
python3 "$(dirname "$0")/subscriber_churn.py" --port "$PORT" --admin "$ADMIN" --seconds "${1:-60}" || failed=1
stop_server_timed
exit $failed
