#!/usr/bin/env bash
# One signed Auth API request with curl and openssl, exactly as docs/futurae-auth-api.md shows it
# (FA2): the user lookup of alice@example.com.
#
#   scripts/clients/auth-api-curl.sh URL SERVICE_ID KEY [CURL_OPTION ...]
#
# Prints the answer's body and exits 0 on 200; curl's exit status (22 for an HTTP error) otherwise.
set -euo pipefail
URL=$1 SID=$2 KEY=$3
shift 3
host=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.urlsplit(sys.argv[1]).hostname)' "$URL")
DATE=$(date -R) TARGET='/srv/auth/v1/users?username=alice%40example.com'
SIG=$(printf '%s\nGET\n%s\n%s\n\n' "$DATE" "$host" "$TARGET" | openssl dgst -sha256 -hmac "$KEY" -r | cut -d' ' -f1)
curl --silent --show-error --fail-with-body "$@" -H "FT-Date: $DATE" \
     -H "Authorization: Basic $(printf '%s:%s' "$SID" "$SIG" | base64 -w0)" "$URL$TARGET"
echo
