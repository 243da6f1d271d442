"""A full disk under 127.0.0.1:PORT (see disk-full.sh). Standard library only."""
import argparse, http.client, json, os, re, shutil, signal, subprocess, time

p = argparse.ArgumentParser()
for name in ("port", "pid", "sessions"): p.add_argument(f"--{name}", type=int, required=True)
for name in ("admin", "bin", "db", "filler"): p.add_argument(f"--{name}", required=True)
a = p.parse_args()
assert a.sessions <= 20000, "bounded: at most 20,000 sessions"

def request(port, method, path, body=None, bearer=None):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    headers = {"Content-Type": "application/json"}
    if bearer: headers["Authorization"] = f"Bearer {bearer}"
    c.request(method, path, json.dumps(body) if body is not None else None, headers)
    r = c.getresponse(); text = r.read().decode(); c.close()
    return r.status, text

READ = {"type": "get", "name": "pims.authentication.trustedphonenumber"}

# Fill the file system but for 256 KB.
free = shutil.disk_usage(os.path.dirname(a.db)).free
with open(a.filler, "wb") as f: f.write(b"\0" * max(0, free - 256 * 1024))

acknowledged, refused, first_refusal = [], 0, None
for i in range(a.sessions):
    status, text = request(a.port, "POST", "/v1/sessions", {"device": f"disk-{i}"})
    if status == 201: acknowledged.append(json.loads(text)["session"])
    elif status == 503:
        refused += 1
        first_refusal = first_refusal or json.loads(text).get("error", text)
        if refused >= 20: break
    else: raise SystemExit(f"unexpected {status}: {text}")

health_status, health = request(a.port, "GET", "/healthz")
reads = [request(a.port, "POST", "/v1/call", READ, bearer=t)[0] for t in acknowledged[-20:]]

os.remove(a.filler)
resumed = None
for _ in range(50):
    status, text = request(a.port, "POST", "/v1/sessions", {"device": "after"})
    if status == 201: acknowledged.append(json.loads(text)["session"]); resumed = True; break
    time.sleep(0.1)
healed_status, _ = request(a.port, "GET", "/healthz")

os.kill(a.pid, signal.SIGTERM)
for _ in range(300):
    try: os.kill(a.pid, 0); time.sleep(0.1)
    except ProcessLookupError: break
server = subprocess.Popen([a.bin, "serve", "--port", "0", "--db", a.db, "--log-level", "warning"],
                          env=dict(os.environ, ENROLLSIM_ADMIN_TOKEN=a.admin), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
port = None
for line in server.stderr:
    m = re.search(r"listening on http://127\.0\.0\.1:(\d+)", line)
    if m: port = int(m.group(1)); break
lost = sum(1 for t in acknowledged if request(port, "POST", "/v1/call", READ, bearer=t)[0] != 200)
server.send_signal(signal.SIGTERM); server.wait(timeout=30)

print(f"disk full: {len(acknowledged) - (1 if resumed else 0)} sessions acknowledged before the disk refused; {refused} refused 503 "
      f"(\"{first_refusal[:100] if first_refusal else '-'}\"); /healthz while full: {health_status} {health[:160]}; "
      f"reads while full: {reads.count(200)} of {len(reads)} answered 200; writes after space returned: "
      f"{'resumed' if resumed else 'NOT resumed'}, /healthz {healed_status}; after a restart, {len(acknowledged) - lost} of "
      f"{len(acknowledged)} acknowledged sessions answer ({lost} lost)")
ok = refused > 0 and health_status == 503 and reads.count(200) == len(reads) and resumed and healed_status == 200 and lost == 0
raise SystemExit(0 if ok else 1)
