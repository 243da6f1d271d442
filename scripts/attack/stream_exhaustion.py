"""Event streams with one device token against 127.0.0.1:PORT (see stream-exhaustion.sh). Standard
library only. Opens a device session, then `streams` × `GET /v1/events` with its token, each kept
open (its heartbeats read); a refused one (429) is not retried. A normal client probes meanwhile."""
import argparse, http.client, json, selectors, socket, sys, time
sys.path.insert(0, __import__("os").path.dirname(__file__))
from probe import Probe, read_ready

p = argparse.ArgumentParser()
p.add_argument("--port", type=int, required=True)
p.add_argument("--streams", type=int, default=512)
p.add_argument("--seconds", type=float, default=30)
a = p.parse_args()
assert a.streams <= 2000 and a.seconds <= 300, "bounded: at most 2000 streams for 300 s"

c = http.client.HTTPConnection("127.0.0.1", a.port, timeout=30)
c.request("POST", "/v1/sessions", json.dumps({"device": "streamer"}), {"Content-Type": "application/json"})
r = c.getresponse(); token = json.loads(r.read())["session"]; c.close()

probe = Probe(a.port).start()
sel = selectors.DefaultSelector()
heads, statuses, retry_after, failed = {}, {}, set(), 0
for i in range(a.streams):
    try:
        s = socket.create_connection(("127.0.0.1", a.port), timeout=2)
        s.sendall(f"GET /v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\n\r\n".encode())
        s.setblocking(False)
        sel.register(s, selectors.EVENT_READ)
        heads[s] = b""
    except OSError:
        failed += 1
start = time.monotonic()
while time.monotonic() - start < a.seconds:
    for s, data in read_ready(sel):
        if s in heads and heads[s] is not None:
            heads[s] += data
            if b"\r\n\r\n" in heads[s] or not data:
                head = heads[s].split(b"\r\n\r\n")[0].decode("latin-1")
                status = int(head.split(" ")[1]) if head.startswith("HTTP/1.1 ") else 0
                statuses[status] = statuses.get(status, 0) + 1
                retry_after |= {l.split(":", 1)[1].strip() for l in head.split("\r\n") if l.lower().startswith("retry-after:")}
                heads[s] = None
probe.stop()
still_open = len(sel.get_map())
for key in list(sel.get_map().values()): key.fileobj.close()
print(f"stream exhaustion: {a.streams} streams with one token for {a.seconds:.0f} s: "
      + ", ".join(f"{n} answered {k}" for k, n in sorted(statuses.items()))
      + f" (Retry-After: {', '.join(sorted(retry_after)) or '-'}), {a.streams - sum(statuses.values()) - failed} unanswered, "
      f"{failed} not connected, {still_open} open at the end; {probe.summary()}")
raise SystemExit(0 if probe.failed == 0 and probe.waits else 1)
