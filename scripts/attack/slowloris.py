"""Slowloris against 127.0.0.1:PORT (see slowloris.sh). Standard library only. Each connection sends
half a request head, then a header line every 2 s; from 127.0.0.1, or with `--addresses N` from N
addresses in turn. With `--reopen`, a connection the server answers or closes is opened again at
once (a determined attacker). A new client probes each second meanwhile, each probe given 10 s."""
import argparse, os, socket, sys, time
sys.path.insert(0, os.path.dirname(__file__))
from probe import SOURCE, source_address

p = argparse.ArgumentParser()
p.add_argument("--port", type=int, required=True)
p.add_argument("--connections", type=int, default=500)
p.add_argument("--seconds", type=float, default=30)
p.add_argument("--addresses", type=int, default=1)
p.add_argument("--reopen", action="store_true")
a = p.parse_args()
assert a.connections <= 2000 and a.seconds <= 300, "bounded: at most 2000 connections for 300 s"

socks, refused, opens = [], 0, 0


def open_one():
    global opens, refused
    opens += 1
    try:
        source = None if a.addresses <= 1 else (source_address(opens % a.addresses), 0)
        s = socket.create_connection(("127.0.0.1", a.port), timeout=2, source_address=source)
        s.setblocking(False)
        s.send(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        socks.append(s)
    except OSError:
        refused += 1


for i in range(a.connections): open_one()

answered_408 = answered_429 = closed = 0
done = set()
worst_probe, probes_failed, probes = 0.0, 0, 0
start = time.monotonic()
next_trickle = start
while time.monotonic() - start < a.seconds:
    now = time.monotonic()
    if now >= next_trickle:
        for i, s in enumerate(socks):
            if i in done: continue
            try: s.send(b"X-a: b\r\n")
            except OSError: pass
        next_trickle = now + 2
    for i, s in enumerate(socks):
        if i in done: continue
        try:
            data = s.recv(4096)
            if data.startswith(b"HTTP/1.1 408"): answered_408 += 1
            if data.startswith(b"HTTP/1.1 429"): answered_429 += 1  # refused: slots scarce
            done.add(i); closed += 1
        except BlockingIOError:
            pass
        except OSError:
            done.add(i); closed += 1
    if a.reopen:
        for _ in range(min(64, a.connections - (len(socks) - len(done)))):
            if opens < 20 * a.connections: open_one()
    t = time.monotonic()
    probes += 1
    try:
        with socket.create_connection(("127.0.0.1", a.port), timeout=10, source_address=(SOURCE, 0)) as probe:
            probe.settimeout(10)
            probe.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            if not probe.recv(64).startswith(b"HTTP/1.1 200"): probes_failed += 1
    except OSError:
        probes_failed += 1
    worst_probe = max(worst_probe, time.monotonic() - t)
    time.sleep(max(0, 1 - (time.monotonic() - t)))

still_open = len(socks) - closed
for s in socks: s.close()
print(f"slowloris: {a.connections} connections from {a.addresses} address(es) for {a.seconds:.0f} s{', reopened' if a.reopen else ''}: "
      f"{opens} opened, {answered_408} answered 408 and closed, "
      f"{answered_429} answered 429 (refused) and closed, {closed - answered_408 - answered_429} closed otherwise, {still_open} still open, {refused} refused; "
      f"/healthz probes: {probes - probes_failed} of {probes} answered, worst wait {worst_probe * 1000:.0f} ms, {probes_failed} failed")
raise SystemExit(1 if still_open == len(socks) or probes_failed else 0)
