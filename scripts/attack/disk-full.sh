#!/usr/bin/env bash
# A full disk under a local `enrollsim serve`: its database on a 4 MB tmpfs (in a mount namespace of
# its own: needs root and `unshare -m`), filled but for a little room, then device sessions opened
# until the disk refuses them. Meanwhile reads and /healthz are checked; then the room is given
# back and writes must resume; then the server is restarted and every acknowledged session must
# still open its calls. Loopback only, bounded in count.
#   scripts/attack/disk-full.sh [sessions=5000]
set -euo pipefail
if [ "${ENROLLSIM_IN_NAMESPACE:-}" != 1 ]; then
    exec env ENROLLSIM_IN_NAMESPACE=1 unshare -m "$0" "$@"
fi
DISK="$(mktemp -d)"
mount -t tmpfs -o size=4m tmpfs "$DISK"
export DB="$DISK/world.db"
SERVE_FLAGS="--session-rate 1000000 --session-cap 1000000"
source "$(dirname "$0")/serve.sh"
python3 "$(dirname "$0")/disk_full.py" --port "$PORT" --admin "$ADMIN" --pid "$SERVER_PID" --bin "$BIN" --db "$DB" \
    --filler "$DISK/filler" --sessions "${1:-5000}"
