"""A bounded fuzz campaign against the `enrollsim` binary (see fuzz.sh). Standard library only.

Five targets, each bounded in count, and the whole in time:
- flags: random flag sets of every non-interactive command, with hostile values;
- scenario files: the built-in scenarios mutated (bytes, lines, YAML escapes and aliases), read by
  `scenarios check`;
- walk files: the built-in walks mutated (lines, JSON values), read by `replay --check`;
- batch lines: mutated JSON lines through `enrollsim batch`;
- HTTP requests: mutated raw requests to a loopback `enrollsim serve`.

A crash is a process ended by a signal (a Swift trap is SIGILL or SIGTRAP); a hang is a command
still running after its time limit. A refused file must be named with its line (`FILE:LINE`). Every
batch line must be answered by one line of JSON. Every HTTP answer must be a status below 500."""
import argparse, glob, http.client, json, os, random, re, shutil, signal, socket, subprocess, sys, tempfile, time

p = argparse.ArgumentParser()
p.add_argument("--bin", required=True)
p.add_argument("--assets", required=True)
p.add_argument("--seed", type=int, default=30)
p.add_argument("--flags", type=int, default=150)
p.add_argument("--scenarios", type=int, default=800)
p.add_argument("--walks", type=int, default=300)
p.add_argument("--batch-lines", type=int, default=20000)
p.add_argument("--http", type=int, default=5000)
p.add_argument("--seconds", type=float, default=1800)
p.add_argument("--findings", default=None, help="a folder to keep the inputs that failed")
a = p.parse_args()
assert a.seconds <= 7200 and a.http <= 100000 and a.batch_lines <= 200000, "bounded"
rng = random.Random(a.seed)
deadline = time.monotonic() + a.seconds
work = tempfile.mkdtemp(prefix="enrollsim-fuzz-")
findings = a.findings or os.path.join(work, "findings")
os.makedirs(findings, exist_ok=True)
stats = {}
env = dict(os.environ, XDG_CONFIG_HOME=work, XDG_DATA_HOME=work, NO_COLOR="1")
CONTROL = ["\x1b[2J", "\x1b]0;t\x07", "\x07", "\x9b", "\x7f", "\x85", "\u2028", "\u202e", "\x00", "\r"]


def count(target, key, n=1):
    stats.setdefault(target, {}).setdefault(key, 0)
    stats[target][key] += n


def keep(target, name, data, why):
    path = os.path.join(findings, f"{target}-{stats[target].get('runs', 0)}-{name}")
    with open(path, "wb") as f: f.write(data if isinstance(data, bytes) else data.encode("utf-8", "surrogatepass"))
    with open(path + ".why", "w") as f: f.write(why)


def run(args, target, stdin=b"", timeout=60, input_name=None, input_data=None):
    """Runs the binary; counts crashes and hangs. Returns (status, output) or None on a hang."""
    count(target, "runs")
    try:
        out = subprocess.run([a.bin] + args, input=stdin, capture_output=True, timeout=timeout, env=env, cwd=work)
    except subprocess.TimeoutExpired:
        count(target, "hangs")
        keep(target, "hang", json.dumps(args) + "\n" + (input_data or ""), "timeout")
        return None
    text = out.stdout.decode("utf-8", "replace") + out.stderr.decode("utf-8", "replace")
    if out.returncode < 0 or out.returncode in (132, 133, 134, 139):
        count(target, "crashes")
        keep(target, "crash", json.dumps(args) + "\n" + (input_data or ""), f"status {out.returncode}\n{text[-4000:]}")
    return out.returncode, text


# --- flags -------------------------------------------------------------------------------------
VALUES = ["", "0", "-1", "1e300h", "0.0001ms", "99999999999999999999", "NaN", "24h", "-5s", "abc", "/nonexistent/x",
          "/dev/full", "\x1b[2J", "é" * 300, "http://user:pw@127.0.0.1:1", "http://127.0.0.1:1", "fresh", "team", "8784h", "1ms"]
COMMANDS = [["batch"], ["scenarios", "check"], ["scenarios", "list"], ["scenarios", "show"], ["config"], ["replay", "--check"],
            ["diff"], ["export"], ["coverage"], ["manual"], ["serve"], ["help"]]


def flags_of(command):
    res = subprocess.run([a.bin] + command + ["--help"], capture_output=True, timeout=60, env=env)
    return sorted(set(re.findall(r"--[a-z][a-z0-9-]+", res.stdout.decode() + res.stderr.decode())) - {"--help", "--version"})


def fuzz_flags():
    known = {tuple(c): flags_of(c) for c in COMMANDS}
    walk = sorted(glob.glob(os.path.join(a.assets, "walks", "*.jsonl")))[0]
    for i in range(a.flags):
        if time.monotonic() > deadline: break
        command = list(rng.choice(COMMANDS))
        args = list(command)
        for flag in rng.sample(known[tuple(command)], min(len(known[tuple(command)]), rng.randint(0, 4))):
            args += [flag] if rng.random() < 0.3 else [flag, rng.choice(VALUES)]
        if command[0] in ("replay", "export", "diff", "scenarios") and rng.random() < 0.7:
            args.append(rng.choice([walk, "fresh", "/nonexistent", rng.choice(VALUES)]))
        if command == ["serve"]:
            args += ["--port", "0", "--db", os.path.join(work, f"serve-{i}.db")]
            count("flags", "runs")
            proc = subprocess.Popen([a.bin] + args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, cwd=work)
            try:
                proc.wait(timeout=8)
                if proc.returncode < 0:
                    count("flags", "crashes"); keep("flags", "crash", json.dumps(args), f"status {proc.returncode}")
            except subprocess.TimeoutExpired:
                proc.send_signal(signal.SIGTERM)
                try:
                    proc.wait(timeout=30)
                    count("flags", "servers started and stopped")
                except subprocess.TimeoutExpired:
                    proc.kill(); proc.wait()
                    count("flags", "hangs"); keep("flags", "hang", json.dumps(args), "serve did not stop on SIGTERM")
            continue
        run(args, "flags", input_data=json.dumps(args))


# --- scenario files ----------------------------------------------------------------------------
YAML_BITS = ['"\\e[2J"', '"\\a"', '"\\x9B"', '"\\u202E"', '"\\N"', '"\\L"', "&a [1, 2]", "*a", "*nope", "!!binary aGk=", "{", "[", "- - - -",
             "? complex", "1e999", "-0", "0x7fffffffffffffff", "99999999999999999999999", "~", "''", '"', "\t", "<<: *a", "|", ">-"]


def mutate_lines(text, bits):
    lines = text.split("\n")
    for _ in range(rng.randint(1, 4)):
        kind = rng.random()
        i = rng.randrange(len(lines)) if lines else 0
        if kind < 0.2 and lines: del lines[i]
        elif kind < 0.35 and lines: lines.insert(i, lines[rng.randrange(len(lines))])
        elif kind < 0.6 and lines and ":" in lines[i]:
            key = lines[i].split(":", 1)[0]
            lines[i] = f"{key}: {rng.choice(bits)}"
        elif kind < 0.75 and lines: lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)] + rng.choice(CONTROL + bits)
        elif kind < 0.85:
            depth = rng.randint(1, 200)
            lines.insert(i, "x: " + "[" * depth + "]" * depth)
        else:
            lines.insert(i, "bomb: " + rng.choice(["&a [1,1,1,1,1,1,1,1,1,1]", "&b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]"]))
    out = "\n".join(lines)
    if rng.random() < 0.2: out = out.rstrip("\n")  # no final newline
    if rng.random() < 0.1:
        raw = bytearray(out.encode("utf-8"))
        for _ in range(rng.randint(1, 5)):
            if raw: raw[rng.randrange(len(raw))] = rng.randrange(256)
        return bytes(raw)
    return out.encode("utf-8")


LINE = re.compile(r":(\d+)")


def refused_with_line(path, text):
    name = os.path.basename(path)
    return re.search(re.escape(name) + r":\d+", text) is not None


def fuzz_files(target, sources, count_max, command, suffix):
    for i in range(count_max):
        if time.monotonic() > deadline: break
        source = open(rng.choice(sources), encoding="utf-8").read()
        data = mutate_lines(source, YAML_BITS if suffix == ".yaml" else JSON_BITS)
        path = os.path.join(work, f"{target}-{i}{suffix}")
        with open(path, "wb") as f: f.write(data)
        result = run(command + [path], target, input_data=data.decode("utf-8", "replace"))
        if result is None: continue
        status, text = result
        if status == 0:
            count(target, "accepted")
        else:
            count(target, "refused")
            if not refused_with_line(path, text):
                count(target, "refused without file and line")
                keep(target, "noline" + suffix, data, text[-4000:])
        os.remove(path)


# --- walks: JSON mutations ----------------------------------------------------------------------
JSON_BITS = ['"\\u001b[2J"', '"\\u202e"', "null", "-1", "1e999", "[]", "{}", '"x"', "true", "99999999999999999999", '""']


# --- batch lines -------------------------------------------------------------------------------
def batch_line():
    base = rng.choice([
        {"type": "get", "name": "pims.authentication.trustedphonenumber"},
        {"type": "set", "name": "pims.authentication.user", "params": {"action": "login", "username": "alice@example.com", "password": "x"}},
        {"sim": "advance", "seconds": 60}, {"sim": "fault", "name": "pims.vehicle.carkey", "code": 2201, "times": 1},
        {"sim": "session", "session": "s2", "device": "d"}, {"sim": "inbox", "phone": "0612345678"}, {"sim": "export"},
        {"type": "set", "name": "futurae.activation", "params": {"code": "x"}}, {"sim": "load", "scenario": "fresh"},
    ])
    text = json.dumps(base)
    r = rng.random()
    if r < 0.25:
        k = rng.randrange(len(text) + 1); text = text[:k] + rng.choice(CONTROL + ["{", "}", '"', ",", ":", "\\", "\\u", "9" * 30]) + text[k:]
    elif r < 0.5:
        obj = json.loads(text)
        key = rng.choice(list(obj.keys()) + ["params", "session", "extra"])
        obj[key] = rng.choice([None, -1, 1e308, "", "\x1b[2J", [], {}, "x" * 5000, 2 ** 70, True])
        text = json.dumps(obj)
    elif r < 0.55:
        text = "[" * rng.randint(1, 3000)
    elif r < 0.6:
        text = text[: rng.randrange(len(text) + 1)]
    return text.replace("\n", " ")


def fuzz_batch():
    left = a.batch_lines
    while left > 0 and time.monotonic() < deadline:
        n = min(500, left); left -= n
        lines = [batch_line() for _ in range(n)]
        feed = "\n".join(lines) + "\n"
        result = run(["batch", "--scenario", rng.choice(["fresh", "team", "futurae-fresh", "card-activation"])], "batch",
                     stdin=feed.encode("utf-8", "surrogatepass"), timeout=300, input_data=feed)
        count("batch", "lines", n)
        if result is None: continue
        status, text = result
        answers = [l for l in text.split("\n") if l.startswith("{")]
        bad = [l for l in answers if not is_json(l)]
        expected = sum(1 for l in lines if not is_blank(l))  # blank lines are skipped, as documented
        count("batch", "blank lines skipped", n - expected)
        if len(answers) != expected or bad:
            count("batch", "runs with lines unanswered or not JSON")
            keep("batch", "answers", feed, f"{len(answers)} answers to {expected} lines, {len(bad)} not JSON\n{text[-4000:]}")


# Unicode's White_Space (what Swift's `isWhitespace` tests), which a blank batch line is made of.
WHITE = set("\t\n\v\f\r \x85\xa0\u1680\u2028\u2029\u202f\u205f\u3000") | {chr(c) for c in range(0x2000, 0x200B)}


def is_blank(line):
    return all(c in WHITE for c in line)


def is_json(line):
    try:
        json.loads(line); return True
    except ValueError:
        return False


# --- HTTP --------------------------------------------------------------------------------------
def fuzz_http():
    db = os.path.join(work, "http.db")
    proc = subprocess.Popen([a.bin, "serve", "--port", "0", "--db", db, "--scenario", "team", "--log-level", "error",
                             "--session-rate", "1000000", "--connection-rate", "0", "--request-timeout", "2s"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=dict(env, ENROLLSIM_ADMIN_TOKEN="fuzz-admin-token-0123456789"))
    port = None
    for line in proc.stderr:
        m = re.search(rb"listening on http://127\.0\.0\.1:(\d+)", line)
        if m: port = int(m.group(1)); break
    if port is None:
        count("http", "server did not start"); return
    import threading
    threading.Thread(target=lambda: [None for _ in proc.stderr], daemon=True).start()
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    c.request("POST", "/v1/sessions", json.dumps({"device": "fuzz"}), {"Content-Type": "application/json"})
    token = json.loads(c.getresponse().read())["session"]; c.close()
    paths = ["/healthz", "/v1/sessions", "/v1/call", "/v1/pims", "/v1/sim", "/v1/events", "/v1/admin/sessions", "/v1/admin/sessions/end", "/x"]
    bearers = ["", f"Authorization: Bearer {token}\r\n", "Authorization: Bearer fuzz-admin-token-0123456789\r\n", "Authorization: Bearer\r\n"]
    for i in range(a.http):
        if time.monotonic() > deadline: break
        body = batch_line().encode("utf-8", "surrogatepass")
        if rng.random() < 0.1: body = bytes(rng.randrange(256) for _ in range(rng.randint(0, 200)))
        method = rng.choice(["GET", "POST", "POST", "PUT", "DELETE", "HEAD", "OPTIONS", "G\x00ET", "PATCH"])
        path = rng.choice(paths) + rng.choice(["", "?session=default", "?session=\x1b", "/../x", "%00", "?a=" + "b" * 9000])
        headers = rng.choice(bearers) + rng.choice(["Content-Type: application/json\r\n", "", "Content-Type: text/plain\r\n"])
        if rng.random() < 0.2: headers += rng.choice(["Host: evil.example\r\n", "Host: 127.0.0.1\r\n", "Transfer-Encoding: chunked\r\n",
                                                      "Content-Length: -1\r\n", "Last-Event-ID: x\r\n", "X-Forwarded-For: 1.2.3.4\r\n"])
        length = f"Content-Length: {len(body)}\r\n" if rng.random() < 0.9 else ""
        request = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{headers}{length}Connection: close\r\n\r\n".encode("utf-8", "surrogatepass") + body
        count("http", "requests")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
                s.settimeout(30)
                s.sendall(request)
                data = b""
                while not data.endswith(b"\r\n\r\n") and b"\r\n\r\n" not in data:
                    chunk = s.recv(4096)
                    if not chunk: break
                    data += chunk
            m = re.match(rb"HTTP/1\.1 (\d{3})", data)
            status = int(m.group(1)) if m else 0
            count("http", f"answered {status // 100}xx" if status else "closed without an answer")
            if status >= 500:
                keep("http", "5xx", request, data.decode("latin-1")[:4000])
        except socket.timeout:
            count("http", "hangs"); keep("http", "hang", request, "no answer in 30 s")
        except OSError as e:
            count("http", "closed without an answer")
        if proc.poll() is not None:
            count("http", "crashes"); keep("http", "crash", request, f"server exited {proc.returncode}")
            return
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    c.request("GET", "/healthz"); alive = c.getresponse().status
    count("http", f"healthz afterwards {alive}")
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=30); count("http", f"server stopped with status {proc.returncode}")
    except subprocess.TimeoutExpired:
        proc.kill(); count("http", "hangs")


start = time.monotonic()
fuzz_flags()
fuzz_files("scenarios", sorted(glob.glob(os.path.join(a.assets, "scenarios", "*.yaml"))), a.scenarios, ["scenarios", "check"], ".yaml")
fuzz_files("walks", sorted(glob.glob(os.path.join(a.assets, "walks", "*.jsonl"))), a.walks, ["replay", "--check"], ".jsonl")
fuzz_batch()
fuzz_http()
elapsed = time.monotonic() - start
crashes = sum(s.get("crashes", 0) for s in stats.values())
hangs = sum(s.get("hangs", 0) for s in stats.values())
unnamed = sum(s.get("refused without file and line", 0) for s in stats.values())
unanswered = stats.get("batch", {}).get("runs with lines unanswered or not JSON", 0)
server_errors = stats.get("http", {}).get("answered 5xx", 0)
print(f"fuzz (seed {a.seed}, {elapsed:.0f} s): {crashes} crashes, {hangs} hangs, {unnamed} refusals without file and line, "
      f"{unanswered} batch runs with a line unanswered, {server_errors} HTTP answers 5xx")
for target, s in stats.items():
    print(f"  {target}: " + ", ".join(f"{k} {v}" for k, v in s.items()))
print(f"  findings kept in {findings}" if os.listdir(findings) else "  no findings")
if not a.findings and not os.listdir(findings): shutil.rmtree(work, ignore_errors=True)
raise SystemExit(0 if crashes == hangs == unnamed == unanswered == server_errors == 0 else 1)
