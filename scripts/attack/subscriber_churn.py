"""Subscriber churn during event publishing against 127.0.0.1:PORT (see subscriber-churn.sh).
Standard library only."""
import argparse, http.client, json, random, socket, threading, time

p = argparse.ArgumentParser()
p.add_argument("--port", type=int, required=True)
p.add_argument("--admin", required=True)
p.add_argument("--seconds", type=float, default=60)
p.add_argument("--churners", type=int, default=8)
a = p.parse_args()
assert a.seconds <= 600 and a.churners <= 64, "bounded: at most 64 churners for 600 s"

stop = time.monotonic() + a.seconds
lock = threading.Lock()
counts = {"subscriptions": 0, "controls": 0, "control_failures": 0, "probes": 0, "probe_failures": 0}
worst = [0.0]

def add(key, n=1):
    with lock: counts[key] += n

def publisher(n):
    c = http.client.HTTPConnection("127.0.0.1", a.port, timeout=30)
    i = 0
    while time.monotonic() < stop:
        body = {"sim": "fault", "name": f"pims.churn.p{n}", "latencyMs": 1} if i % 2 == 0 else {"sim": "clearFaults"}
        i += 1
        try:
            c.request("POST", "/v1/sim", json.dumps(body), {"Content-Type": "application/json", "Authorization": f"Bearer {a.admin}"})
            r = c.getresponse(); r.read()
            add("controls" if r.status == 200 else "control_failures")
        except OSError:
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

threads = [threading.Thread(target=publisher, args=(n,)) for n in range(2)]
threads += [threading.Thread(target=churner) for _ in range(a.churners)] + [threading.Thread(target=prober)]
for t in threads: t.start()
for t in threads: t.join()
print(f"subscriber churn: {a.seconds:.0f} s, {counts['subscriptions']} subscriptions opened and dropped by {a.churners} clients, "
      f"{counts['controls']} event-publishing controls answered ({counts['control_failures']} failed); "
      f"/healthz {counts['probes']} answered, {counts['probe_failures']} failed, worst {worst[0] * 1000:.0f} ms")
raise SystemExit(0 if counts["probe_failures"] == 0 and counts["control_failures"] == 0 else 1)
