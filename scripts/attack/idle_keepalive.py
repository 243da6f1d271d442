"""Idle keep-alive connections against 127.0.0.1:PORT (see idle-keepalive.sh). Standard library only.

Each connection sends one `GET /healthz`, reads the answer and then says nothing; one the server
closes, or that could not connect in time, is opened again (at most `connections` × 20 opens in
all), as a script that wants the slots would; from 127.0.0.1, or with `--addresses N` from N
addresses in turn (no one of them the busiest). Two normal clients meanwhile (probe.py): one asking
on a new connection each time, one keeping its connection alive (issue 43)."""
import argparse, selectors, socket, sys, time
sys.path.insert(0, __import__("os").path.dirname(__file__))
from probe import KeptAliveProbe, Probe, read_ready, source_address

p = argparse.ArgumentParser()
p.add_argument("--port", type=int, required=True)
p.add_argument("--connections", type=int, default=512)
p.add_argument("--seconds", type=float, default=30)
p.add_argument("--no-reopen", action="store_true", help="open each connection once (the server closing one frees its slot)")
p.add_argument("--addresses", type=int, default=1, help="spread the connections over this many loopback addresses")
p.add_argument("--opens-per-connection", type=int, default=int(__import__("os").environ.get("OPENS_PER_CONNECTION", "20")),
               help="the bound on opens in all, per connection ($OPENS_PER_CONNECTION)")
a = p.parse_args()
assert a.connections <= 2000 and a.seconds <= 300 and a.opens_per_connection <= 200, "bounded: at most 2000 connections, 200 opens each, for 300 s"

REQUEST = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
sel = selectors.DefaultSelector()
opens = closed_by_server = refused = answered_429 = 0
budget = a.connections * a.opens_per_connection


def open_one():
    global opens, refused
    if opens >= budget: return
    opens += 1
    try:
        source = None if a.addresses <= 1 else (source_address(opens % a.addresses), 0)
        s = socket.create_connection(("127.0.0.1", a.port), timeout=0.5, source_address=source)
        s.sendall(REQUEST)
        s.setblocking(False)
        sel.register(s, selectors.EVENT_READ)
    except OSError:
        refused += 1


for _ in range(a.connections): open_one()
probe = Probe(a.port).start()
kept = KeptAliveProbe(a.port).start()
start = time.monotonic()
while time.monotonic() - start < a.seconds:
    for s, data in read_ready(sel):
        if not data: closed_by_server += 1  # closed by the server
        if data.startswith(b"HTTP/1.1 429"): answered_429 += 1  # refused (slots scarce), then closed
    # Keep `connections` open: reopen what the server closed or did not accept in time.
    if not a.no_reopen:
        for _ in range(min(64, a.connections - len(sel.get_map()))): open_one()
probe.stop()
kept.stop()
held = len(sel.get_map())
for key in list(sel.get_map().values()): key.fileobj.close()
print(f"idle keep-alive{' (no reopening)' if a.no_reopen else ''}: {a.connections} connections from {a.addresses} address(es) for {a.seconds:.0f} s: "
      f"{opens} opened, {closed_by_server} closed by the server{'' if a.no_reopen else ' (and opened again)'}, "
      f"{answered_429} of them answered 429 first (refused), {refused} refused or timed out, {held} held at the end; {probe.summary()}; {kept.summary()}")
raise SystemExit(0 if probe.failed == 0 and probe.waits and kept.failed == 0 and kept.waits else 1)
