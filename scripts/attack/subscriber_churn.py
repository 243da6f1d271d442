"""Subscriber churn during event publishing against 127.0.0.1:PORT (see subscriber-churn.sh).
Standard library only."""
import argparse, http.client, json, os, random, signal, socket, threading, time

p = argparse.ArgumentParser()
p.add_argument("--port", type=int, required=True)
p.add_argument("--admin", required=True)
p.add_argument("--seconds", type=float, default=60)
p.add_argument("--churners", type=int, default=8)
p.add_argument("--pid", type=int, required=True)
p.add_argument("--open-at-stop", type=int, default=20)
a = p.parse_args()
assert a.seconds <= 600 and a.churners <= 64, "bounded: at most 64 churners for 600 s"

stop = time.monotonic() + a.seconds
publishing = threading.Event(); publishing.set()
terminating = threading.Event()  # from SIGTERM on, refusals are the stop's, not failures
lock = threading.Lock()
counts = {"subscriptions": 0, "controls": 0, "control_failures": 0, "probes": 0, "probe_failures": 0}
worst = [0.0]

def add(key, n=1):
    with lock: counts[key] += n

def publisher(n):
    c = http.client.HTTPConnection("127.0.0.1", a.port, timeout=30)
    i = 0
    while publishing.is_set():
        body = {"sim": "fault", "name": f"pims.churn.p{n}", "latencyMs": 1} if i % 2 == 0 else {"sim": "clearFaults"}
        i += 1
        try:
            c.request("POST", "/v1/sim", json.dumps(body), {"Content-Type": "application/json", "Authorization": f"Bearer {a.admin}"})
            r = c.getresponse(); r.read()
            if r.status == 200: add("controls")
            elif not terminating.is_set(): add("control_failures")
        except OSError:
            if terminating.is_set(): break
            add("control_failures")
            c = http.client.HTTPConnection("127.0.0.1", a.port, timeout=30)

def churner():
    request = (f"GET /v1/events?session=default HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {a.admin}\r\n\r\n").encode()
    while time.monotonic() < stop:
        try:
            s = socket.create_connection(("127.0.0.1", a.port), timeout=10)
            s.sendall(request)
            got, want = b"", random.randint(20, 2000)  # dropped at a random point of the stream
            while len(got) < want:
                chunk = s.recv(4096)
                if not chunk: break
                got += chunk
            s.close()
            add("subscriptions")
        except OSError:
            pass

def prober():
    while time.monotonic() < stop:
        t = time.monotonic()
        try:
            c = http.client.HTTPConnection("127.0.0.1", a.port, timeout=10)
            c.request("GET", "/healthz"); r = c.getresponse(); r.read(); c.close()
            add("probes" if r.status == 200 else "probe_failures")
        except OSError:
            add("probe_failures")
        with lock: worst[0] = max(worst[0], time.monotonic() - t)
        time.sleep(0.2)

publishers = [threading.Thread(target=publisher, args=(n,)) for n in range(2)]
threads = [threading.Thread(target=churner) for _ in range(a.churners)] + [threading.Thread(target=prober)]
for t in publishers + threads: t.start()
for t in threads: t.join()

# SIGTERM while the publishers go on and streams are open (and one never reads): how long until it is gone?
request = (f"GET /v1/events?session=default HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {a.admin}\r\n\r\n").encode()
streams = []
for i in range(a.open_at_stop):
    s = socket.create_connection(("127.0.0.1", a.port), timeout=10)
    if i == 0: s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.sendall(request); s.recv(4096)
    streams.append(s)
t = time.monotonic()
terminating.set()
os.kill(a.pid, signal.SIGTERM)
while time.monotonic() - t < 30:
    try: os.kill(a.pid, 0)
    except ProcessLookupError: break
    time.sleep(0.02)
gone = time.monotonic() - t
publishing.clear()
for t2 in publishers: t2.join()
for s in streams: s.close()
print(f"subscriber churn: {a.seconds:.0f} s, {counts['subscriptions']} subscriptions opened and dropped by {a.churners} clients, "
      f"{counts['controls']} event-publishing controls answered ({counts['control_failures']} failed); "
      f"/healthz {counts['probes']} answered, {counts['probe_failures']} failed, worst {worst[0] * 1000:.0f} ms; "
      f"SIGTERM with the publishers running and {a.open_at_stop} streams open (one never read): gone after {gone:.2f} s")
raise SystemExit(0 if counts["probe_failures"] == 0 and counts["control_failures"] == 0 and gone < 10 else 1)
