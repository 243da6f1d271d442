"""A resume far behind against 127.0.0.1:PORT (see resume-catch-up.sh). Standard library only."""
import argparse, http.client, json, socket, threading, time

p = argparse.ArgumentParser()
p.add_argument("--port", type=int, required=True)
p.add_argument("--admin", required=True)
p.add_argument("--events", type=int, default=10000)
a = p.parse_args()
assert a.events <= 50000, "bounded: at most 50,000 events"
auth = {"Content-Type": "application/json", "Authorization": f"Bearer {a.admin}"}


def control(c, body):
    c.request("POST", "/v1/sim", json.dumps(body), auth)
    r = c.getresponse(); r.read()
    return r.status


def mark(name):
    """The id of a fault event published now, read on a stream opened just before it."""
    sock = socket.create_connection(("127.0.0.1", a.port), timeout=60)
    sock.sendall(f"GET /v1/events?session=default HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {a.admin}\r\n\r\n".encode())
    buf = b""
    while b"retry: 1000" not in buf: buf += sock.recv(65536)
    control(c, {"sim": "fault", "name": name, "latencyMs": 1})
    while True:
        for line in buf.decode("utf-8", "replace").replace("\r\n", "\n").split("\n"):
            if line.startswith("id: "):
                sock.close()
                return int(line[4:])
        buf += sock.recv(65536)


c = http.client.HTTPConnection("127.0.0.1", a.port, timeout=60)
start = mark("pims.resume.first") - 1

# Publish: each control is one event for every session.
def publisher(n, count):
    h = http.client.HTTPConnection("127.0.0.1", a.port, timeout=60)
    for i in range(count):
        control(h, {"sim": "fault", "name": f"pims.resume.p{n}", "latencyMs": 1} if i % 2 == 0 else {"sim": "clearFaults"})
    h.close()

t0 = time.time()
# The two marks count among the events: the client resumes exactly `events` behind.
share = [(a.events - 2) // 8 + (1 if n < (a.events - 2) % 8 else 0) for n in range(8)]
writers = [threading.Thread(target=publisher, args=(n, share[n])) for n in range(8)]
for w in writers: w.start()
for w in writers: w.join()
published = time.time() - t0
newest = mark("pims.resume.last")


def read_stream(after, stop_at, patience=120):
    """One connection resumed after `after`: the ids and event kinds read until the stream ends
    (the chunked body's last chunk), the connection closes, or `stop_at` is read."""
    s = socket.create_connection(("127.0.0.1", a.port), timeout=patience)
    s.sendall(f"GET /v1/events?session=default HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {a.admin}\r\n"
              f"Last-Event-ID: {after}\r\n\r\n".encode())
    ids, kinds, pending, tail = [], set(), "", b""
    try:
        while True:
            chunk = s.recv(65536)
            if not chunk: break
            tail = (tail + chunk)[-16:]
            pending += chunk.decode("utf-8", "replace")
            lines = pending.replace("\r\n", "\n").split("\n")
            pending = lines.pop()
            for line in lines:
                if line.startswith("id: "): ids.append(int(line[4:]))
                elif line.startswith("event: "): kinds.add(line[7:])
            if (ids and ids[-1] >= stop_at) or tail.endswith(b"\r\n0\r\n\r\n"): break
    except socket.timeout:
        pass
    s.close()
    return ids, kinds


t0 = time.time()
after, connections, overflows, gaps, seen = start, 0, 0, 0, []
while after < newest and connections < 100:
    connections += 1
    ids, kinds = read_stream(after, newest)
    overflows += "overflow" in kinds
    gaps += "gap" in kinds
    seen += ids
    if ids: after = ids[-1]
caught_up = time.time() - t0
complete = seen == list(range(start + 1, newest + 1))
print(f"resume catch-up: {newest - start} events published in {published:.1f} s; a client resuming {newest - start} behind read "
      f"{len(seen)} of them in {caught_up:.1f} s on {connections} connection(s), {overflows} overflow(s), {gaps} gap(s); "
      f"in order, none twice or missing: {'yes' if complete else 'no'}")
raise SystemExit(0 if complete and connections == 1 and overflows == 0 else 1)
