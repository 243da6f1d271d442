#!/usr/bin/env bash
# A damaged or foreign database served: a team server's database with a device session open, then
# (stopped) copies of it with the live world document deleted (rows and tokens kept), with an
# unknown option in a session row's settings, with a counter out of range, and with a hot journal
# (a writer killed mid-transaction); an SQLite file of another application; a scenario name that
# does not exist on a new database. Reports each exit status, its message, whether the file
# changed (SHA-256) and whether a failed start left a file; exits non-zero if any is served,
# re-seeded, changed or left behind. Loopback only, bounded (a handful of starts).
#   scripts/attack/database-damage.sh
source "$(dirname "$0")/serve.sh"
J='Content-Type: application/json'
curl -s --max-time 60 -XPOST "http://127.0.0.1:$PORT/v1/sessions" -H "$J" \
    -d '{"device": "pixel-7", "platform": "android", "sdk": "2.3", "variant": "tutorial"}' > /dev/null
stop_server_timed
python3 - "$DB" "$WORK" <<'PY'
import os, shutil, sqlite3, sys
db, work = sys.argv[1], sys.argv[2]
edits = {
    "no-live-document": ["DELETE FROM worldDocument WHERE name = 'live'"],
    "session-settings": ["UPDATE worldRow SET state = json_set(state, '$.settings.newerOption', 'x') WHERE tbl = 'sessions' AND key = 'default'"],
    "counter": ["UPDATE worldDocument SET world = json_set(world, '$.counters.transactions', 9223372036854775000) WHERE name = 'live'"],
}
for name, sql in edits.items():
    copy = f"{work}/{name}.db"
    shutil.copy(db, copy)
    c = sqlite3.connect(copy)
    for s in sql: c.execute(s)
    c.commit(); c.close()
foreign = sqlite3.connect(f"{work}/foreign.db")
foreign.execute("CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT)")
foreign.execute("INSERT INTO note (text) VALUES ('another application')")
foreign.commit(); foreign.close()
shutil.copy(db, f"{work}/hot-journal.db")
if os.fork() == 0:
    c = sqlite3.connect(f"{work}/hot-journal.db", isolation_level=None)
    c.execute("PRAGMA journal_mode=DELETE"); c.execute("PRAGMA cache_size=1")
    c.execute("BEGIN IMMEDIATE"); c.execute("UPDATE worldRow SET position = position + 1")
    # more than the cache holds: the change spills into the file and the journal's header is synced
    c.execute("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) "
              "INSERT INTO event (id, event) SELECT 1000000 + i, hex(randomblob(500)) FROM n")
    os._exit(0)  # killed mid-transaction: the journal stays, hot
os.wait()
PY
failed=0
for name in no-live-document session-settings counter foreign hot-journal; do
    copy="$WORK/$name.db"
    before="$(sha256sum "$copy" | cut -c1-16)"
    status=0
    ENROLLSIM_ADMIN_TOKEN="$ADMIN" timeout 60 "$BIN" serve --port 0 --db "$copy" 2> "$WORK/$name.err" > /dev/null || status=$?
    after="$(sha256sum "$copy" | cut -c1-16)"
    echo "$name: exit status $status: $(grep -v '^$' "$WORK/$name.err" | head -1 | cut -c1-400); sha256 $before → $after"
    { [ "$status" = 65 ] && [ "$before" = "$after" ]; } || failed=1
done
status=0
ENROLLSIM_ADMIN_TOKEN="$ADMIN" timeout 60 "$BIN" serve --port 0 --db "$WORK/new/world.db" --scenario no-such-scenario 2> "$WORK/missing.err" > /dev/null || status=$?
left=no; [ -e "$WORK/new" ] && left=yes
echo "an unknown scenario on a new database: exit status $status: $(grep -v '^$' "$WORK/missing.err" | head -1 | cut -c1-160); file or folder left: $left"
{ [ "$status" = 64 ] && [ "$left" = no ]; } || failed=1
exit $failed
