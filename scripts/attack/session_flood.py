"""Session flood against 127.0.0.1:PORT (see session-flood.sh). Standard library only."""
import argparse, http.client, json, os, time

p = argparse.ArgumentParser()
p.add_argument("--port", type=int, required=True)
p.add_argument("--requests", type=int, default=20000)
p.add_argument("--db", required=True)
a = p.parse_args()
assert a.requests <= 100000, "bounded: at most 100,000 requests"

c = http.client.HTTPConnection("127.0.0.1", a.port, timeout=30)
counts, token, start = {}, None, time.monotonic()
for i in range(a.requests):
    c.request("POST", "/v1/sessions", json.dumps({"device": f"flood-{i}"}), {"Content-Type": "application/json"})
    r = c.getresponse()
    body = r.read()
    counts[r.status] = counts.get(r.status, 0) + 1
    if r.status == 201 and token is None: token = json.loads(body)["session"]
elapsed = time.monotonic() - start
c.request("POST", "/v1/call", json.dumps({"type": "get", "name": "pims.authentication.trustedphonenumber"}),
          {"Content-Type": "application/json", "Authorization": f"Bearer {token}"})
call = c.getresponse(); call.read()
size = sum(os.path.getsize(a.db + s) for s in ("", "-wal") if os.path.exists(a.db + s))
print(f"session flood: {a.requests} requests in {elapsed:.1f} s: {counts.get(201, 0)} opened, {counts.get(429, 0)} refused 429, "
      f"other {sum(v for k, v in counts.items() if k not in (201, 429))}; database {size / 1e6:.1f} MB; a call afterwards: {call.status}")
raise SystemExit(0 if call.status == 200 and counts.get(500, 0) == 0 else 1)
