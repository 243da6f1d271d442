"""A device-session flood from rotating loopback addresses against 127.0.0.1:PORT (see
session-flood-rotating.sh). Standard library only. Each `POST /v1/sessions` comes from its own
source address (127.x.y.z), so no per-address rate holds it back. Meanwhile a normal user (on
127.0.0.1) opens a session and makes a call each second, and a user who opened theirs before the
flood calls every 5 s."""
import argparse, http.client, json, os, socket, statistics, threading, time

p = argparse.ArgumentParser()
p.add_argument("--port", type=int, required=True)
p.add_argument("--requests", type=int, default=12000)
a = p.parse_args()
assert a.requests <= 100000, "bounded: at most 100,000 requests"
CALL = json.dumps({"type": "get", "name": "pims.authentication.trustedphonenumber"})
JSON = {"Content-Type": "application/json"}


def post(path, body, token=None, source=None):
    c = http.client.HTTPConnection("127.0.0.1", a.port, timeout=max(10, float(os.environ.get("PROBE_PATIENCE", "10"))),
                                   source_address=(source, 0) if source else None)
    try:
        c.request("POST", path, body, dict(JSON, **({"Authorization": f"Bearer {token}"} if token else {})))
        r = c.getresponse()
        return r.status, r.read()
    except OSError:
        return 0, b""
    finally:
        c.close()


status, body = post("/v1/sessions", json.dumps({"device": "early-user"}))
early = json.loads(body)["session"]
stop = threading.Event()
users = {"opened": 0, "asked": 0, "calls_ok": 0, "waits": []}
early_calls = {"ok": 0, "asked": 0}


def normal_users():
    i = 0
    while not stop.is_set():
        t = time.monotonic()
        users["asked"] += 1
        s, b = post("/v1/sessions", json.dumps({"device": f"user-{i}"}))
        if s == 201:
            users["opened"] += 1
            if post("/v1/call", CALL, json.loads(b)["session"])[0] == 200: users["calls_ok"] += 1
        users["waits"].append(time.monotonic() - t)
        if i % 5 == 0:
            early_calls["asked"] += 1
            if post("/v1/call", CALL, early)[0] == 200: early_calls["ok"] += 1
        i += 1
        stop.wait(max(0, 1 - (time.monotonic() - t)))


thread = threading.Thread(target=normal_users, daemon=True)
thread.start()
counts, start = {}, time.monotonic()
for i in range(a.requests):
    n = i + 1
    source = f"127.{(n >> 16) & 255}.{(n >> 8) & 255}.{n & 255 or 1}"
    s, _ = post("/v1/sessions", json.dumps({"device": f"flood-{i}"}), source=source)
    counts[s] = counts.get(s, 0) + 1
elapsed = time.monotonic() - start
stop.set(); thread.join()
after_status, after_body = post("/v1/sessions", json.dumps({"device": "after-the-flood"}))
ms = sorted(w * 1000 for w in users["waits"]) or [0]
print(f"rotating session flood: {a.requests} requests from {a.requests} addresses in {elapsed:.0f} s: "
      + ", ".join(f"{n} answered {k}" for k, n in sorted(counts.items()))
      + f"; new users during it: {users['opened']} of {users['asked']} opened (median {statistics.median(ms):.0f} ms, worst {ms[-1]:.0f} ms), "
      f"{users['calls_ok']} calls answered 200; a user from before: {early_calls['ok']} of {early_calls['asked']} calls answered 200; "
      f"a new user after it: {after_status}")
raise SystemExit(0 if users["opened"] == users["asked"] and early_calls["ok"] == early_calls["asked"] and after_status == 201 else 1)
