#!/usr/bin/env bash
# The database file attacked through its names and its content: while a server runs, a second
# `enrollsim serve` on a symbolic link and on a hard link to its database; then, stopped, copies of
# the database made "newer" (an unknown migration; an unknown key in the world and in an account
# row) served. Reports each exit status, its message, and whether the file changed (SHA-256).
# Loopback only, bounded (a handful of starts).
#   scripts/attack/database-files.sh
source "$(dirname "$0")/serve.sh"
ln -s "$DB" "$WORK/symlink.db"
ln "$DB" "$WORK/hardlink.db"
failed=0
for link in symlink hardlink; do
    status=0
    ENROLLSIM_ADMIN_TOKEN="$ADMIN" timeout 60 "$BIN" serve --port 0 --db "$WORK/$link.db" 2> "$WORK/$link.err" > /dev/null || status=$?
    echo "a second server through a $link while the first runs: exit status $status: $(head -1 "$WORK/$link.err")"
    [ "$status" = 75 ] || failed=1
done
stop_server_timed
python3 - "$DB" "$WORK" <<'PY'
import shutil, sqlite3, sys
db, work = sys.argv[1], sys.argv[2]
edits = {
    "migration": ["INSERT INTO grdb_migrations (identifier) VALUES ('v9: from a newer enrollsim')"],
    "keys": ["UPDATE worldDocument SET world = json_set(world, '$.newerSetting', 1) WHERE name = 'live'",
             "UPDATE worldRow SET state = json_set(state, '$.newerField', 'x') WHERE rowid = (SELECT MIN(rowid) FROM worldRow WHERE tbl = 'accounts')"],
}
for name, sql in edits.items():
    copy = f"{work}/newer-{name}.db"
    shutil.copy(db, copy)
    c = sqlite3.connect(copy)
    for s in sql: c.execute(s)
    c.commit(); c.close()
PY
for name in migration keys; do
    copy="$WORK/newer-$name.db"
    before="$(sha256sum "$copy" | cut -c1-16)"
    status=0
    ENROLLSIM_ADMIN_TOKEN="$ADMIN" timeout 60 "$BIN" serve --port 0 --db "$copy" 2> "$WORK/$name.err" > /dev/null || status=$?
    after="$(sha256sum "$copy" | cut -c1-16)"
    echo "a newer database ($name): exit status $status: $(head -1 "$WORK/$name.err" | cut -c1-300); sha256 $before → $after"
    [ "$status" = 65 ] && [ "$before" = "$after" ] || failed=1
done
exit $failed
