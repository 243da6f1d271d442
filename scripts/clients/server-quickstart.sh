#!/usr/bin/env bash
# The quick-start sequence of docs/server.md with curl, as an integrator types it: health, a device
# session, a call on it, simulator controls, an admin attachment, and the session's event stream.
#
#   scripts/clients/server-quickstart.sh URL ADMIN_TOKEN [CURL_OPTION ...]
#
# Extra options go to every curl (--cacert FILE over HTTPS). Prints one line per step; exits 1 at the
# first answer that is not what the guide shows.
set -euo pipefail
S=$1 A=$2
shift 2
curl_=(curl --silent --show-error "$@")
J='Content-Type: application/json'
fail() { echo "FAILED: $*" >&2; exit 1; }
# Runs curl, keeps the body in $body and the status in $status.
call() { local out; out=$("${curl_[@]}" -w '\n%{http_code}' "$@") || fail "curl $*"; body=${out%$'\n'*}; status=${out##*$'\n'}; }
expect() { [ "$status" = "$1" ] || fail "$2: HTTP $status $body"; case "$body" in *"$3"*) echo "ok: $2";; *) fail "$2: $body";; esac; }

call "$S/healthz"
expect 200 "health" '"status":"ok"'

call -XPOST "$S/v1/sessions" -H "$J" -d '{"device": "pixel-7", "platform": "android", "sdk": "2.3", "variant": "tutorial"}'
expect 201 "device session" '"session":"'
T=$(python3 -c 'import json,sys; print(json.load(sys.stdin)["session"])' <<< "$body")

call -XPOST "$S/v1/call" -H "$J" -H "Authorization: Bearer $T" \
  -d '{"type": "set", "name": "pims.authentication.user", "params": {"action": "login", "username": "bob@example.com", "password": "bob-pass"}}'
expect 200 "login call" '"status":"SUCCEEDED"'

# The session's events, read by curl in the background while a control makes one.
# (The trap is set once the reader runs: a background job started under an EXIT trap is a subshell
# that keeps the trap, and its pid is not curl's.)
events=$(mktemp)
"${curl_[@]}" -N "$S/v1/events" -H "Authorization: Bearer $T" > "$events" &
reader=$!
trap 'kill $reader 2>/dev/null || true; rm -f "$events"' EXIT
for _ in $(seq 600); do grep -q '^retry:' "$events" && break; sleep 0.1; done
grep -q '^retry:' "$events" || fail "event stream: nothing arrived"

call -XPOST "$S/v1/sim" -H "$J" -H "Authorization: Bearer $A" -d '{"sim": "inbox", "phone": "0698765432"}'
expect 200 "inbox control" '"messages"'
call -XPOST "$S/v1/sim" -H "$J" -H "Authorization: Bearer $A" -d '{"sim": "advance", "seconds": 600}'
expect 200 "advance control" '"now"'
call -XPOST "$S/v1/sim" -H "$J" -H "Authorization: Bearer $A" -d '{"sim": "fault", "name": "pims.vehicle.carkey", "code": 2201, "times": 1}'
expect 200 "fault control" '"faults"'
for _ in $(seq 600); do grep -q '^event: faults' "$events" && break; sleep 0.1; done
grep -q '^event: faults' "$events" && echo "ok: faults event" || fail "event stream: no faults event: $(cat "$events")"

call -XPOST "$S/v1/sessions" -H "$J" -H "Authorization: Bearer $A" -d '{"attach": "default"}'
expect 201 "attach default" '"session":"'
