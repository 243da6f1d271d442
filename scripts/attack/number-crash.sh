#!/usr/bin/env bash
# A scenario whose counters.transactions is near Int64.max (then Int64.min, 2^53, and just below 2^53), put through
# every mode: `scenarios check`, `batch --scenario` and one call, an admin `load` on a running team
# server and one call after it, and `serve --scenario` on a new database and one call, restarted
# and one call again. Reports each exit status (a trap is a signal: 132 SIGILL, 133 SIGTRAP), the
# refusal's first line and whether the server is still up; exits non-zero if anything trapped,
# died, or left a database file behind a refused start. Loopback only, bounded (a few starts).
#   scripts/attack/number-crash.sh
source "$(dirname "$0")/serve.sh"
S="http://127.0.0.1:$PORT"
J='Content-Type: application/json'
failed=0
call='{"type": "get", "name": "pims.authentication.trustedphonenumber"}'
for value in 9223372036854775000 -9223372036854775808 9007199254740992 9007199254740000; do
    file="$WORK/counter-$value.yaml"
    cat > "$file" <<YAML
name: counter-attack
startTime: 2026-01-05T09:00:00Z
session: {device: iphone-15, platform: ios, sdk: "2.3", variant: tutorial}
counters:
  transactions: $value
  stepsIDs: 100000
  codes: 1
  faults: 2
YAML
    status=0; "$BIN" scenarios check "$file" > "$WORK/check.out" 2>&1 || status=$?
    echo "transactions $value: scenarios check: exit status $status: $(head -1 "$WORK/check.out" | cut -c1-200)"
    [ "$status" -lt 128 ] || failed=1

    status=0; echo "$call" | timeout 60 "$BIN" batch --scenario "$file" > "$WORK/batch.out" 2> "$WORK/batch.err" || status=$?
    echo "  batch --scenario and a call: exit status $status: $(head -1 "$WORK/batch.err" "$WORK/batch.out" 2>/dev/null | grep -v '^==>' | grep -v '^$' | head -1 | cut -c1-200)"
    [ "$status" -lt 128 ] || failed=1

    load="$(python3 -c 'import json,sys; print(json.dumps({"sim": "load", "yaml": open(sys.argv[1]).read(), "origin": sys.argv[1]}))' "$file")"
    answer="$(curl -s --max-time 60 -XPOST "$S/v1/sim" -H "$J" -H "Authorization: Bearer $ADMIN" --data-binary "$load" || true)"
    after="$(curl -s --max-time 60 -XPOST "$S/v1/sim" -H "$J" -H "Authorization: Bearer $ADMIN" -d '{"sim": "account", "username": "alice@example.com"}' | cut -c1-60 || true)"
    token="$(curl -s --max-time 60 -XPOST "$S/v1/sessions" -H "$J" -H "Authorization: Bearer $ADMIN" -d '{"attach": "default"}' \
        | python3 -c 'import json,sys; print(json.load(sys.stdin).get("session", ""))' 2>/dev/null || true)"
    code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 60 -XPOST "$S/v1/call" -H "$J" -H "Authorization: Bearer $token" -d "$call" || true)"
    alive=yes; kill -0 "$SERVER_PID" 2>/dev/null || alive=no
    echo "  admin load: $(echo "$answer" | cut -c1-200); a call after it: HTTP $code; server up: $alive"
    [ "$alive" = yes ] || { failed=1; break; }
    curl -s --max-time 60 -XPOST "$S/v1/sim" -H "$J" -H "Authorization: Bearer $ADMIN" -d '{"sim": "load", "scenario": "team"}' > /dev/null

    db="$WORK/new-$value/world.db"
    for round in 1 2; do
        status=0
        ENROLLSIM_ADMIN_TOKEN="$ADMIN" timeout 60 "$BIN" serve --port 0 --db "$db" --scenario "$file" 2> "$WORK/serve-$round.err" > /dev/null &
        pid=$!
        port=""
        for _ in $(seq 1 300); do
            port="$(sed -n 's/.*listening on http:\/\/127\.0\.0\.1:\([0-9]*\).*/\1/p' "$WORK/serve-$round.err" | head -1 || true)"
            [ -n "$port" ] && break
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
        if [ -z "$port" ]; then
            wait "$pid" || status=$?
            left=no; [ -e "$db" ] && left=yes
            echo "  serve --scenario on a new database: exit status $status: $(grep -v '^$' "$WORK/serve-$round.err" | head -1 | cut -c1-200); database file left: $left"
            { [ "$status" -lt 128 ] && [ "$left" = no ]; } || failed=1
            break
        fi
        token="$(curl -s --max-time 60 -XPOST "http://127.0.0.1:$port/v1/sessions" -H "$J" -H "Authorization: Bearer $ADMIN" -d '{"attach": "default"}' \
            | python3 -c 'import json,sys; print(json.load(sys.stdin).get("session", ""))' 2>/dev/null || true)"
        code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 60 -XPOST "http://127.0.0.1:$port/v1/call" -H "$J" -H "Authorization: Bearer $token" -d "$call" || true)"
        alive=yes; kill -0 "$pid" 2>/dev/null || alive=no
        kill -TERM "$pid" 2>/dev/null || true
        wait "$pid" || status=$?
        echo "  serve --scenario, start $round: a call: HTTP $code; up after it: $alive; SIGTERM: exit status $status"
        { [ "$alive" = yes ] && [ "$status" = 0 ]; } || failed=1
    done
done
stop_server_timed
exit $failed
