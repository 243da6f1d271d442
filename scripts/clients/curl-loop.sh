#!/usr/bin/env bash
# A curl loop as an integrator's shell script writes it: N requests one after another, a new
# connection each, every one opening a device session. Prints how many got each HTTP status
# (`201 1000`); 000 is no answer at all (a reset or a refused connection).
#
#   scripts/clients/curl-loop.sh URL N [CURL_OPTION ...]
set -uo pipefail
URL=$1 N=$2
shift 2
for i in $(seq "$N"); do
  curl -s -o /dev/null -w '%{http_code}\n' "$@" -X POST -H 'Content-Type: application/json' \
       -d '{"device":"loop-'"$i"'","platform":"ios","sdk":"2.3"}' "$URL/v1/sessions"
done | sort | uniq -c | awk '{ print $2, $1 }'
