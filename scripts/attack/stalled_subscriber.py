"""Stalled event subscribers against 127.0.0.1:PORT (see stalled-subscriber.sh). Standard library only."""
import argparse, http.client, json, socket, threading, time

p = argparse.ArgumentParser()
p.add_argument("--port", type=int, required=True)
p.add_argument("--admin", required=True)
p.add_argument("--pid", type=int, required=True)
p.add_argument("--subscribers", type=int, default=50)
p.add_argument("--events", type=int, default=100000)
p.add_argument("--writers", type=int, default=32)
a = p.parse_args()
assert a.subscribers <= 500 and a.events <= 200000 and a.writers <= 64, "bounded: at most 500 subscribers and 200,000 events"

def rss_mb():
    with open(f"/proc/{a.pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"): return int(line.split()[1]) / 1024
    return 0.0

start_rss = rss_mb()
request = f"GET /v1/events?session=default HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {a.admin}\r\n\r\n".encode()
stalled = []
for _ in range(a.subscribers):
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # a phone that stopped reading holds little
    s.connect(("127.0.0.1", a.port))
    s.sendall(request)
    stalled.append(s)  # never read from until the end

lock = threading.Lock()
published, failures, peak, probes_failed = [0], [0], [start_rss], [0]
done = threading.Event()

def publisher(n, count):
    c = http.client.HTTPConnection("127.0.0.1", a.port, timeout=60)
    for i in range(count):
        body = {"sim": "fault", "name": f"pims.stalled.p{n}", "latencyMs": 1} if i % 2 == 0 else {"sim": "clearFaults"}
        try:
            c.request("POST", "/v1/sim", json.dumps(body), {"Content-Type": "application/json", "Authorization": f"Bearer {a.admin}"})
            r = c.getresponse(); r.read()
            with lock:
                if r.status == 200: published[0] += 1
                else: failures[0] += 1
        except OSError:
            with lock: failures[0] += 1
            c = http.client.HTTPConnection("127.0.0.1", a.port, timeout=60)

def sampler():
    while not done.is_set():
        with lock: peak[0] = max(peak[0], rss_mb())
        try:
            c = http.client.HTTPConnection("127.0.0.1", a.port, timeout=10)
            c.request("GET", "/healthz"); r = c.getresponse(); r.read(); c.close()
            if r.status != 200: probes_failed[0] += 1
        except OSError:
            probes_failed[0] += 1
        time.sleep(1)

t0 = time.monotonic()
writers = a.writers  # many: group commit shares each fsync among them
threads = [threading.Thread(target=publisher, args=(n, a.events // writers)) for n in range(writers)]
watch = threading.Thread(target=sampler)
watch.start()
for t in threads: t.start()
for t in threads: t.join()
elapsed = time.monotonic() - t0
time.sleep(8)  # past the streams' grace: cut-off connections are closed by now
done.set(); watch.join()
end_rss = rss_mb()

# Now read each stalled stream to its end (a short wait per socket): cut off, told, closed?
# Closed: an end of stream, or a reset (a socket the server closed while its client read nothing is
# dropped by the kernel once its zero-window probes go unanswered).
told = closed = reset = 0
last_ids = []
for s in stalled:
    s.settimeout(2)
    data = b""
    try:
        while True:
            chunk = s.recv(65536)
            if not chunk: closed += 1; break
            data += chunk
    except ConnectionResetError:
        reset += 1
    except (socket.timeout, OSError):
        pass
    if b"event: overflow" in data: told += 1
    ids = [int(line[4:]) for line in data.split(b"\n") if line.startswith(b"id: ")]
    last_ids.append(ids[-1] if ids else 0)
    s.close()

# One of them comes back with the last id it got: the rest is replayed, or the ids no longer kept are named.
r = socket.create_connection(("127.0.0.1", a.port), timeout=10)
r.sendall(request.replace(b"\r\n\r\n", f"\r\nLast-Event-ID: {last_ids[0]}\r\n\r\n".encode()))
seen = b""
while b"event: gap" not in seen and b"\nid: " not in seen:
    chunk = r.recv(65536)
    if not chunk: break
    seen += chunk
r.close()
gap = [line for line in seen.split(b"\n") if line.startswith(b"data: ") and b'"from"' in line]
first = [line for line in seen.split(b"\n") if line.startswith(b"id: ")]
resume = (f"a gap event ({gap[0][6:].decode()[:120]})" if gap else f"first id {first[0][4:].decode()}" if first else "nothing")
print(f"stalled subscribers: {a.subscribers} streams never read while {published[0]} events were published in {elapsed:.0f} s "
      f"({failures[0]} controls failed); server RSS {start_rss:.0f} MB at start, peak {peak[0]:.0f} MB, {end_rss:.0f} MB at the end; "
      f"{closed + reset} of {a.subscribers} stalled streams closed by the server ({closed} ended, {reset} reset), {told} with the overflow notice; "
      f"/healthz probes failed: {probes_failed[0]}; a resume after id {last_ids[0]} got {resume}")
raise SystemExit(0 if peak[0] < 200 and failures[0] == 0 and probes_failed[0] == 0 and closed + reset == a.subscribers else 1)
